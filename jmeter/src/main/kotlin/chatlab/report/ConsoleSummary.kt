package chatlab.report

/** A compact view for the build log: the headlines, then the capacity and chat-mix tables. */
object ConsoleSummary {
    fun render(c: Comparison): String = buildString {
        appendLine()
        Headlines.of(c).forEach { appendLine(it) }
        for ((shape, table) in Columns.all(c).filter { it.first != Shape.REFERENCE }) {
            val keep = table.headers.indices.filter { table.headers[it] != "backends" && (c.previous != null || !table.headers[it].endsWith("vs previous")) }
            val lines = listOf(keep.map { table.headers[it] }) + table.rows.mapIndexed { i, row -> keep.map { row[it] }.toMutableList().also { if (table.standIn[i]) it[0] = it[0] + " ⚠" } }
            val widths = keep.indices.map { col -> lines.maxOf { it[col].length } }
            appendLine("${shape.title} — ${table.title}:")
            lines.forEach { line -> appendLine(line.mapIndexed { col, cell -> if (col < 2) cell.padEnd(widths[col]) else cell.padStart(widths[col]) }.joinToString("  ", "  ")) }
        }
        UnitColumns.budgetCheck(c.units, c.changedSettings)?.let { appendLine(it) }
    }
}
