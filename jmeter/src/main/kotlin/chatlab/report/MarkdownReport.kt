package chatlab.report

/** `summary.md`: the same tables and findings as the HTML page, for terminals, pull requests and wikis. */
object MarkdownReport {
    fun render(comparison: Comparison): String = buildString {
        appendLine("# chatlab comparison")
        appendLine()
        Findings.headlines(comparison).forEach { appendLine("**$it**"); appendLine() }
        appendLine(Gate.describe(comparison) + ".")
        appendLine()
        for (tables in comparison.shapes) {
            appendLine("## ${tables.shape.title}")
            appendLine()
            appendLine("${tables.shape.explanation}. ${Settings.describe(tables.shape, comparison.environment.settings)}")
            appendLine()
            table("History reads: \"${Subjects.GET}\" (baseline: ${Subjects.BASELINE.key})", tables.reads)
            table("Enter a room: \"${Subjects.ENTER}\" (room + latest 20)", tables.enters)
            table("Sends: \"${Subjects.SEND_TO_DELIVERY}\" (baseline: mysql)", tables.sends)
        }
        appendLine("## Beside the public reference result")
        appendLine()
        appendLine("| public path | public avg / p95 / TPS | public avg vs baseline | ours (reference shape) avg / p95 / TPS | ours avg vs baseline | conclusion |")
        appendLine("|---|---|---|---|---|---|")
        for (b in ReferenceResult.beside(comparison)) {
            val ours = b.ours?.stats?.let { "${Format.ms(it.mean)} / ${Format.ms(it.p95)} / ${Format.tps(it.throughput)}" } ?: "–"
            appendLine("| ${b.line.title} | ${Format.ms(b.line.avg)} / ${Format.ms(b.line.p95)} / ${Format.tps(b.line.tps)} | ${Format.ratio(b.publicAvgRatio)} | $ours | ${Format.ratio(b.ours?.avgRatio)} | ${b.verdict} |")
        }
        appendLine()
        appendLine("## What this run says")
        appendLine()
        Findings.of(comparison).forEach { appendLine("- $it") }
        appendLine()
        if (comparison.units.isNotEmpty()) {
            appendLine("## Where the time and the CPU went")
            appendLine()
            appendLine(UnitColumns.summary(comparison.units))
            appendLine()
            appendLine(UnitColumns.HEADERS.joinToString(" | ", "| ", " |"))
            appendLine(UnitColumns.HEADERS.joinToString("|", "|", "|") { "---" })
            comparison.units.forEach { appendLine(UnitColumns.cells(it).joinToString(" | ", "| ", " |")) }
            appendLine()
        }
        appendLine("## Environment")
        appendLine()
        Settings.environmentLines(comparison.environment).forEach { appendLine("- $it") }
        appendLine()
        appendLine(Columns.STAND_IN_NOTE)
        appendLine()
        appendLine(Columns.FINISHED_NOTE)
    }

    private fun StringBuilder.table(title: String, rows: List<Row>) {
        if (rows.isEmpty()) return
        appendLine("### $title")
        appendLine()
        appendLine(Columns.HEADERS.joinToString(" | ", "| ", " |"))
        appendLine(Columns.HEADERS.joinToString("|", "|", "|") { "---" })
        rows.forEach { row -> appendLine(Columns.cells(row).joinToString(" | ", "| ", " |") { it.replace("|", "\\|") }) }
        appendLine()
    }
}
