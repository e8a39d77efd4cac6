package chatlab.report

import chatlab.report.SvgCharts.esc

/** `index.html`: one self-contained page (inline CSS and SVG, no script, no network) that answers at a glance. */
class HtmlReport(private val verdict: String, private val passed: Boolean, private val gates: List<ThresholdResult> = emptyList()) {
    fun render(c: Comparison): String = buildString {
        append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>chatlab comparison</title><style>$CSS</style></head><body>")
        append("<h1>chatlab comparison</h1>")
        append("<p class=\"verdict ${if (passed) "ok" else "bad"}\">${esc(verdict)}</p>")
        if (gates.isNotEmpty()) {
            append("<ul class=\"gates\">")
            gates.forEach { append("<li class=\"${if (it.passed) "ok" else "bad"}\">${esc(it.message)}</li>") }
            append("</ul>")
        }
        Findings.headlines(c).forEach { append("<p class=\"headline\">${esc(it)}</p>") }
        append("<p class=\"env\">${esc(c.environment.backends.values.joinToString(" · ") { it.label })}")
        c.environment.machine["cpus"]?.let { append(" · ${esc(it)} CPUs") }
        append(" · JMeter ${esc(c.environment.settings["jmeter"] ?: "?")} · ${c.rounds} rounds · ${esc(c.environment.generatedAt.toString())}")
        append(" · ${esc(c.previousNote)}</p>")
        append("<p class=\"note\">${esc(Columns.SPREAD_NOTE)}</p>")
        val tables = Columns.all(c)
        for (shape in Shape.REPORT_ORDER) {
            val mine = tables.filter { it.first == shape }.map { it.second }
            if (mine.isEmpty()) continue
            append("<h2>${esc(shape.title)}</h2><p>${esc(shape.explanation)}. ${esc(Settings.describe(shape, c.environment.settings))}</p>")
            if (shape == Shape.CAPACITY) capacityCharts(c)
            if (shape == Shape.MIX) latencyBars("Chat mix: every read, median of rounds", c.mix.filter { it.kind == "all" }.map { Triple(it.subject.key, it.standIn, it.measured) })
            if (shape == Shape.REFERENCE) latencyBars("Reference shape: history read, median of rounds", c.shapes.flatMap { it.reads }.map { Triple(it.subject.key, it.standIn, it.measured) })
            mine.forEach { table(it) }
        }
        experiment(SeatsSection, c.seats, c)
        experiment(CountersSection, c.counters, c)
        experiment(SqliteSection, c.sqlite, c)
        experiment(PoolSection, c.pool, c)
        reference(c)
        append("<h2>What this run says</h2><ul>")
        Findings.of(c).forEach { append("<li>${esc(it)}</li>") }
        append("</ul>")
        failures(c)
        units(c)
        append("<h2>Environment</h2><ul>")
        Settings.environmentLines(c.environment).forEach { append("<li>${esc(it)}</li>") }
        append("</ul><p class=\"note\">${esc(Columns.STAND_IN_NOTE)}<br>${esc(Columns.FINISHED_NOTE)}<br>${esc(Columns.CEILING_NOTE)}<br>${esc(Columns.CROSSING_NOTE)}<br>${esc(Columns.FEW_NOTE)}</p>")
        append("<p>JMeter dashboards: ")
        append((1..c.rounds).flatMap { r -> (listOf("history", "sends") + listOfNotNull("seats".takeIf { c.seats.isNotEmpty() }, "counters".takeIf { c.counters.isNotEmpty() }, "pool".takeIf { c.pool.isNotEmpty() })).map { "<a href=\"../jmeter/reports/round-$r/$it/index.html\">round $r $it</a>" } }.joinToString(" · "))
        append(" · <a href=\"../jmeter/reports/preflight/index.html\">preflight</a> · <a href=\"summary.md\">summary.md</a> · <a href=\"summary.csv\">summary.csv</a></p>")
        append("</body></html>")
    }

    private fun <R> StringBuilder.experiment(section: ExperimentSection<R>, rows: List<R>, c: Comparison) {
        if (rows.isEmpty()) return
        append("<h2>${esc(section.title)}</h2><p>${esc(section.explanation(c.environment.settings))}.</p>")
        latencyBars(section.barsTitle, section.bars(rows))
        section.charts(rows).takeIf { it.isNotEmpty() }?.let { charts -> append("<div class=\"charts\">"); charts.forEach { append(it) }; append("</div>") }
        section.tables(rows).forEach { table(it) }
        append("<ul>")
        section.findings(rows).forEach { append("<li>${esc(it)}</li>") }
        append("</ul>")
    }

    private fun StringBuilder.capacityCharts(c: Comparison) {
        append("<div class=\"charts\">")
        for ((title, paths) in listOf("History reads" to c.readCapacity, "Sends" to c.sendCapacity)) {
            if (paths.isEmpty()) continue
            val lines = paths.mapIndexed { i, p ->
                // A rate that only one round ran (a refinement or bracket step) carries that round's level: joined to the
                // medians of the rates every round shares, it draws a zigzag that is the rounds' difference, not the path's.
                val (shared, single) = p.steps.partition { it.rounds > 1 || p.perRound.size == 1 }
                SvgCharts.Line(p.subject.key + if (p.standIn) " ⚠" else "", SvgCharts.PALETTE[i % SvgCharts.PALETTE.size],
                    shared.map { it.rate to it.measured.spread { s -> s.p95 }.median }, dashed = p.standIn,
                    loose = single.map { it.rate to it.measured.spread { s -> s.p95 }.median })
            }
            append(SvgCharts.lines("$title: p95 against offered load (median of the rounds that ran each rate; hollow: one round)",
                lines, "arrivals per second", "p95 ms", c.slo))
        }
        append("</div>")
    }

    private fun StringBuilder.latencyBars(title: String, rows: List<Triple<String, Boolean, Measured>>) {
        if (rows.isEmpty()) return
        val svg = SvgCharts.bars(
            title, rows.map { it.first },
            listOf(
                SvgCharts.Series("p50", "#4e79a7", rows.map { it.third.median.p50 }),
                SvgCharts.Series("p95", "#f28e2b", rows.map { it.third.median.p95 }),
                SvgCharts.Series("p99", "#e15759", rows.map { it.third.median.p99 }),
            ),
            "ms", log = true, marked = rows.filter { it.second }.map { it.first }.toSet(),
        )
        append("<div class=\"charts\">").append(svg).append("</div>")
    }

    private fun StringBuilder.table(t: Table) {
        append("<h3>${esc(t.title)}</h3><table><thead><tr>")
        t.headers.forEach { append("<th>${esc(it)}</th>") }
        append("</tr></thead><tbody>")
        t.rows.forEachIndexed { i, cells ->
            append("<tr class=\"${if (t.standIn[i]) "standin" else ""}\">")
            cells.forEach { append("<td>${esc(it)}</td>") }
            append("</tr>")
        }
        append("</tbody></table>")
    }

    private fun StringBuilder.reference(c: Comparison) {
        append("<h2>Beside the public reference result</h2><p>The public write-up (a laptop, 100 threads, 50 s ramp, 150 loops) against this run's reference shape ")
        append("(medians of rounds). Ratios are to each run's own MySQL-offset line, so they compare conclusions, not machines; the reference shape is not a basis for verdicts on its own.</p><table><thead><tr>")
        listOf("path", "public avg / p95 ms", "public TPS", "public avg vs baseline", "ours avg / p95 ms", "ours TPS", "ours avg vs baseline", "conclusion")
            .forEach { append("<th>${esc(it)}</th>") }
        append("</tr></thead><tbody>")
        for (b in ReferenceResult.beside(c)) {
            val ours = b.ours?.stats
            append("<tr class=\"${if (b.ours?.standIn == true) "standin" else ""}\"><td>${esc(b.line.title)}</td>")
            append("<td>${Format.ms(b.line.avg)} / ${Format.ms(b.line.p95)}</td><td>${Format.tps(b.line.tps)}</td><td>${Format.ratio(b.publicAvgRatio)}</td>")
            append("<td>${ours?.let { "${Format.ms(it.mean)} / ${Format.ms(it.p95)}" } ?: "–"}</td><td>${ours?.let { Format.tps(it.throughput) } ?: "–"}</td>")
            append("<td>${Format.ratio(b.ours?.avgRatio)}</td><td>${esc(b.verdict)}</td></tr>")
        }
        append("</tbody></table>")
    }

    private fun StringBuilder.failures(c: Comparison) {
        if (c.failures.isEmpty()) return
        append("<h2>Failed samples</h2><table><thead><tr><th>label</th><th>failed</th><th>most frequent reasons</th></tr></thead><tbody>")
        for (f in c.failures) {
            append("<tr><td>${esc(f.label)}</td><td>${f.count}</td><td>${esc(f.reasons.joinToString(" · ") { "${it.first} (${it.second})" })}</td></tr>")
        }
        append("</tbody></table>")
    }

    private fun StringBuilder.units(c: Comparison) {
        if (c.units.isEmpty()) return
        append("<h2>Where the time and the CPU went</h2><p>${esc(UnitColumns.summary(c.units))} ")
        append("Before each unit the plan waits until the server is idle (nothing in flight, no store work queued, CPUs settled).</p>")
        MachineCheck.sentence(c)?.let { append("<p>${esc(it)}</p>") }
        append("<ul>")
        UnitColumns.budget(c.units).forEach { append("<li>${esc(it)}</li>") }
        append("</ul><table><thead><tr>")
        UnitColumns.HEADERS.forEach { append("<th>${esc(it)}</th>") }
        append("</tr></thead><tbody>")
        c.units.forEach { u -> append("<tr>").also { UnitColumns.cells(u).forEach { append("<td>${esc(it)}</td>") } }.append("</tr>") }
        append("</tbody></table>")
    }

    private companion object {
        const val CSS = "body{font-family:sans-serif;margin:24px;max-width:1700px;color:#222}" +
            "table{border-collapse:collapse;margin:8px 0 16px;font-size:13px}th,td{border:1px solid #ccc;padding:4px 8px;text-align:right}" +
            "th{background:#f2f2f2}td:nth-child(-n+3),th:nth-child(-n+3){text-align:left}" +
            "tr.standin td{background:#fff6e0}" +
            ".verdict{font-weight:bold;padding:6px 10px;display:inline-block}.ok{background:#e3f5e1}.bad{background:#fbe0e0}" +
            ".headline{font-size:17px;font-weight:bold}.env,.note{color:#555}.charts{display:flex;flex-wrap:wrap;gap:24px}"
    }
}
