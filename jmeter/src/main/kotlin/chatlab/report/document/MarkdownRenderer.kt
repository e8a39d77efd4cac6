package chatlab.report.document

import chatlab.report.document.Block.Tone

/** `summary.md`: the [Document] for terminals, pull requests and wikis; each chart is named, the page draws it. */
object MarkdownRenderer {
    fun render(document: Document): String = buildString {
        appendLine("# ${document.title}")
        appendLine()
        document.lead.forEach { block(it) }
        for (section in document.sections) {
            appendLine("## ${section.title}")
            appendLine()
            section.blocks.forEach { block(it) }
        }
    }.trimEnd() + "\n"

    private fun StringBuilder.block(block: Block) {
        when (block) {
            is Block.Text -> appendLine(if (block.tone == Tone.HEADLINE) "**${block.text}**" else block.text)
            is Block.Bullets -> block.items.forEach { appendLine("- $it") }
            is Block.Table -> {
                appendLine("### ${block.title}")
                appendLine()
                appendLine(block.headers.joinToString(" | ", "| ", " |") { cell(it) })
                appendLine(block.headers.joinToString("|", "|", "|") { "---" })
                block.rows.forEach { row -> appendLine(row.joinToString(" | ", "| ", " |") { cell(it) }) }
            }
            is Block.Verdicts -> {
                appendLine((listOf("experiment") + block.headers).joinToString(" | ", "| ", " |") { cell(it) })
                appendLine((listOf("experiment") + block.headers).joinToString("|", "|", "|") { "---" })
                block.rows.forEach { row -> appendLine((listOf("[${row.name}](#${row.section.anchor})") + row.cells.map(::cell)).joinToString(" | ", "| ", " |")) }
            }
            is Block.Charts -> appendLine(block.svgs.joinToString("; ", "Charts in index.html: ", ".") { it.title })
            is Block.Links -> appendLine(block.lead + block.links.joinToString(" · ") { (text, href) -> "[$text]($href)" })
        }
        appendLine()
    }

    private fun cell(text: String) = text.replace("|", "\\|")
}
