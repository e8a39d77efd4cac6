package chatlab.report

/** `summary.md`: the same tables and findings as the HTML page, for terminals, pull requests and wikis. */
object MarkdownReport {
    fun render(c: Comparison): String = buildString {
        appendLine("# chatlab comparison")
        appendLine()
        Findings.headlines(c).forEach { appendLine("**$it**"); appendLine() }
        appendLine(Gate.describe(c) + ". ${c.rounds} rounds; " + c.previousNote + ".")
        appendLine()
        appendLine(Columns.SPREAD_NOTE)
        appendLine()
        val tables = Columns.all(c)
        for (shape in Shape.REPORT_ORDER) {
            val mine = tables.filter { it.first == shape }.map { it.second }
            if (mine.isEmpty()) continue
            appendLine("## ${shape.title}")
            appendLine()
            appendLine("${shape.explanation}. ${Settings.describe(shape, c.environment.settings)}")
            appendLine()
            mine.forEach { table(it) }
        }
        experiment(SeatsSection, c.seats, c)
        experiment(CountersSection, c.counters, c)
        experiment(SqliteSection, c.sqlite, c)
        experiment(PoolSection, c.pool, c)
        appendLine("## Beside the public reference result")
        appendLine()
        appendLine("| public path | public avg / p95 / TPS | public avg vs baseline | ours (reference shape) avg / p95 / TPS | ours avg vs baseline | conclusion |")
        appendLine("|---|---|---|---|---|---|")
        for (b in ReferenceResult.beside(c)) {
            val ours = b.ours?.stats?.let { "${Format.ms(it.mean)} / ${Format.ms(it.p95)} / ${Format.tps(it.throughput)}" } ?: "–"
            appendLine("| ${b.line.title} | ${Format.ms(b.line.avg)} / ${Format.ms(b.line.p95)} / ${Format.tps(b.line.tps)} | ${Format.ratio(b.publicAvgRatio)} | $ours | ${Format.ratio(b.ours?.avgRatio)} | ${b.verdict} |")
        }
        appendLine()
        appendLine("## What this run says")
        appendLine()
        Findings.of(c).forEach { appendLine("- $it") }
        appendLine()
        if (c.units.isNotEmpty()) {
            appendLine("## Where the time and the CPU went")
            appendLine()
            appendLine(UnitColumns.summary(c.units))
            appendLine()
            MachineCheck.sentence(c)?.let { appendLine(it); appendLine() }
            UnitColumns.budget(c.units).forEach { appendLine("- $it") }
            appendLine()
            table(Table("Units", UnitColumns.HEADERS, c.units.map { UnitColumns.cells(it) }, c.units.map { false }))
        }
        appendLine("## Environment")
        appendLine()
        Settings.environmentLines(c.environment).forEach { appendLine("- $it") }
        appendLine()
        appendLine(Columns.STAND_IN_NOTE)
        appendLine()
        appendLine(Columns.FINISHED_NOTE)
        appendLine()
        appendLine(Columns.CEILING_NOTE)
        appendLine()
        appendLine(Columns.CROSSING_NOTE)
        appendLine()
        appendLine(Columns.FEW_NOTE)
    }

    private fun <R> StringBuilder.experiment(section: ExperimentSection<R>, rows: List<R>, c: Comparison) {
        if (rows.isEmpty()) return
        appendLine("## ${section.title}")
        appendLine()
        appendLine(section.explanation(c.environment.settings) + ".")
        appendLine()
        section.tables(rows).forEach { table(it) }
        section.findings(rows).forEach { appendLine("- $it") }
        appendLine()
    }

    private fun StringBuilder.table(t: Table) {
        appendLine("### ${t.title}")
        appendLine()
        appendLine(t.headers.joinToString(" | ", "| ", " |"))
        appendLine(t.headers.joinToString("|", "|", "|") { "---" })
        t.rows.forEach { row -> appendLine(row.joinToString(" | ", "| ", " |") { it.replace("|", "\\|") }) }
        appendLine()
    }
}
