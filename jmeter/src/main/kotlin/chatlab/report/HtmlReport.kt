package chatlab.report

import chatlab.report.SvgCharts.esc

/** `index.html`: one self-contained page (inline CSS and SVG, no script, no network) that answers at a glance. */
class HtmlReport(private val verdict: String, private val passed: Boolean, private val gates: List<ThresholdResult> = emptyList()) {
    fun render(comparison: Comparison): String = buildString {
        append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>chatlab comparison</title><style>$CSS</style></head><body>")
        append("<h1>chatlab comparison</h1>")
        append("<p class=\"verdict ${if (passed) "ok" else "bad"}\">${esc(verdict)}</p>")
        if (gates.isNotEmpty()) {
            append("<ul class=\"gates\">")
            gates.forEach { append("<li class=\"${if (it.passed) "ok" else "bad"}\">${esc(it.message)}</li>") }
            append("</ul>")
        }
        Findings.headlines(comparison).forEach { append("<p class=\"headline\">${esc(it)}</p>") }
        append("<p class=\"env\">${esc(comparison.environment.backends.values.joinToString(" · ") { it.label })}")
        comparison.environment.machine["cpus"]?.let { append(" · ${esc(it)} CPUs") }
        append(" · JMeter ${esc(comparison.environment.settings["jmeter"] ?: "?")} · ${esc(comparison.environment.generatedAt.toString())}</p>")
        for (tables in comparison.shapes) shape(tables, comparison)
        reference(comparison)
        append("<h2>What this run says</h2><ul>")
        Findings.of(comparison).forEach { append("<li>${esc(it)}</li>") }
        append("</ul>")
        failures(comparison)
        units(comparison)
        append("<h2>Environment</h2><ul>")
        Settings.environmentLines(comparison.environment).forEach { append("<li>${esc(it)}</li>") }
        append("</ul><p class=\"note\">${esc(Columns.STAND_IN_NOTE)}<br>${esc(Columns.FINISHED_NOTE)}</p>")
        append("<p>JMeter dashboards: <a href=\"../jmeter/reports/chat-read/index.html\">chat-read</a> · ")
        append("<a href=\"../jmeter/reports/chat-send/index.html\">chat-send</a> · <a href=\"../jmeter/reports/preflight/index.html\">preflight</a> · ")
        append("<a href=\"summary.md\">summary.md</a> · <a href=\"summary.csv\">summary.csv</a></p>")
        append("</body></html>")
    }

    private fun StringBuilder.shape(tables: ShapeTables, comparison: Comparison) {
        append("<h2>${esc(tables.shape.title)}</h2><p>${esc(tables.shape.explanation)}. ${esc(Settings.describe(tables.shape, comparison.environment.settings))}</p>")
        table("History reads — “${Subjects.GET}” (baseline ${Subjects.BASELINE.key})", tables.reads)
        charts("${tables.shape.title}: history read", tables.reads)
        table("Enter a room — “${Subjects.ENTER}” (room + latest 20)", tables.enters)
        table("Sends — “${Subjects.SEND_TO_DELIVERY}”: SEND until our broadcast arrives (baseline mysql)", tables.sends)
        charts("${tables.shape.title}: send-to-delivery", tables.sends)
    }

    private fun StringBuilder.charts(title: String, rows: List<Row>) {
        if (rows.isEmpty()) return
        append("<div class=\"charts\">").append(latencyChart("$title latency", rows)).append(throughputChart("$title throughput", rows)).append("</div>")
    }

    private fun StringBuilder.table(title: String, rows: List<Row>) {
        if (rows.isEmpty()) return
        append("<h3>${esc(title)}</h3><table><thead><tr>")
        Columns.HEADERS.forEach { append("<th>${esc(it)}</th>") }
        append("</tr></thead><tbody>")
        val fastest = rows.minOf { it.stats.mean }
        for (row in rows) {
            val classes = listOfNotNull("standin".takeIf { row.standIn }, "fastest".takeIf { row.stats.mean == fastest }).joinToString(" ")
            append("<tr class=\"$classes\">")
            Columns.cells(row).forEach { append("<td>${esc(it)}</td>") }
            append("</tr>")
        }
        append("</tbody></table>")
    }

    private fun latencyChart(title: String, rows: List<Row>) = SvgCharts.bars(
        title, rows.map { it.subject.key },
        listOf(
            SvgCharts.Series("p50", "#4e79a7", rows.map { it.stats.p50 }),
            SvgCharts.Series("p95", "#f28e2b", rows.map { it.stats.p95 }),
            SvgCharts.Series("p99", "#e15759", rows.map { it.stats.p99 }),
        ),
        "ms", log = true, marked = rows.filter { it.standIn }.map { it.subject.key }.toSet(),
    )

    private fun throughputChart(title: String, rows: List<Row>) = SvgCharts.bars(
        title, rows.map { it.subject.key },
        listOf(SvgCharts.Series("throughput", "#59a14f", rows.map { it.stats.throughput })),
        "samples/s", log = false, marked = rows.filter { it.standIn }.map { it.subject.key }.toSet(),
    )

    private fun StringBuilder.reference(comparison: Comparison) {
        append("<h2>Beside the public reference result</h2><p>The public write-up (a laptop, 100 threads, 50 s ramp, 150 loops) against this run's reference shape. ")
        append("Ratios are to each run's own MySQL-offset line, so they compare conclusions, not machines.</p><table><thead><tr>")
        listOf("path", "public avg / p95 ms", "public TPS", "public avg vs baseline", "ours avg / p95 ms", "ours TPS", "ours avg vs baseline", "conclusion")
            .forEach { append("<th>${esc(it)}</th>") }
        append("</tr></thead><tbody>")
        for (b in ReferenceResult.beside(comparison)) {
            val ours = b.ours?.stats
            append("<tr class=\"${if (b.ours?.standIn == true) "standin" else ""}\"><td>${esc(b.line.title)}</td>")
            append("<td>${Format.ms(b.line.avg)} / ${Format.ms(b.line.p95)}</td><td>${Format.tps(b.line.tps)}</td><td>${Format.ratio(b.publicAvgRatio)}</td>")
            append("<td>${ours?.let { "${Format.ms(it.mean)} / ${Format.ms(it.p95)}" } ?: "–"}</td><td>${ours?.let { Format.tps(it.throughput) } ?: "–"}</td>")
            append("<td>${Format.ratio(b.ours?.avgRatio)}</td><td>${esc(b.verdict)}</td></tr>")
        }
        append("</tbody></table>")
    }

    private fun StringBuilder.failures(comparison: Comparison) {
        if (comparison.failures.isEmpty()) return
        append("<h2>Failed samples</h2><table><thead><tr><th>label</th><th>failed</th><th>most frequent reasons</th></tr></thead><tbody>")
        for (f in comparison.failures) {
            append("<tr><td>${esc(f.label)}</td><td>${f.count}</td><td>${esc(f.reasons.joinToString(" · ") { "${it.first} (${it.second})" })}</td></tr>")
        }
        append("</tbody></table>")
    }

    private fun StringBuilder.units(comparison: Comparison) {
        if (comparison.units.isEmpty()) return
        append("<h2>Where the time and the CPU went</h2><p>${esc(UnitColumns.summary(comparison.units))} ")
        append("Before each unit the plan waits until the server is idle (nothing in flight, no store work queued, CPUs settled).</p><table><thead><tr>")
        UnitColumns.HEADERS.forEach { append("<th>${esc(it)}</th>") }
        append("</tr></thead><tbody>")
        comparison.units.forEach { u -> append("<tr>").also { UnitColumns.cells(u).forEach { append("<td>${esc(it)}</td>") } }.append("</tr>") }
        append("</tbody></table>")
    }

    private companion object {
        const val CSS = "body{font-family:sans-serif;margin:24px;max-width:1600px;color:#222}" +
            "table{border-collapse:collapse;margin:8px 0 16px;font-size:13px}th,td{border:1px solid #ccc;padding:4px 8px;text-align:right}" +
            "th{background:#f2f2f2}td:first-child,td:nth-child(2),th:first-child,th:nth-child(2){text-align:left}" +
            "tr.standin td{background:#fff6e0}tr.fastest td:first-child{font-weight:bold}" +
            ".verdict{font-weight:bold;padding:6px 10px;display:inline-block}.ok{background:#e3f5e1}.bad{background:#fbe0e0}" +
            ".headline{font-size:18px;font-weight:bold}.env,.note{color:#555}.charts{display:flex;flex-wrap:wrap;gap:24px}"
    }
}
