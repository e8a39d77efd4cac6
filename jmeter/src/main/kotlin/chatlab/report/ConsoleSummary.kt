package chatlab.report

/** A compact table for the build log: the history-read and send rows of every shape. */
object ConsoleSummary {
    private val columns = listOf(0, 2, 3, 4, 6, 7, 9, 10, 12)

    fun render(comparison: Comparison): String = buildString {
        appendLine()
        Findings.headlines(comparison).forEach { appendLine(it) }
        for (tables in comparison.shapes) {
            val rows = tables.reads + tables.sends
            if (rows.isEmpty()) continue
            val lines = listOf(columns.map { Columns.HEADERS[it] }) + rows.map { row ->
                val cells = Columns.cells(row)
                columns.map { cells[it] }.toMutableList().also { if (row.standIn) it[0] = it[0] + " ⚠" }
            }
            val widths = columns.indices.map { c -> lines.maxOf { it[c].length } }
            appendLine("${tables.shape.title}:")
            lines.forEach { line -> appendLine(line.mapIndexed { c, cell -> if (c == 0) cell.padEnd(widths[c]) else cell.padStart(widths[c]) }.joinToString("  ", "  ")) }
        }
    }
}
