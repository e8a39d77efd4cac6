package chatlab.report.document

import chatlab.report.document.Block.Tone
import kotlinx.html.FlowContent
import kotlinx.html.a
import kotlinx.html.body
import kotlinx.html.div
import kotlinx.html.h1
import kotlinx.html.h2
import kotlinx.html.h3
import kotlinx.html.head
import kotlinx.html.html
import kotlinx.html.id
import kotlinx.html.lang
import kotlinx.html.li
import kotlinx.html.meta
import kotlinx.html.p
import kotlinx.html.stream.appendHTML
import kotlinx.html.style
import kotlinx.html.table
import kotlinx.html.tbody
import kotlinx.html.td
import kotlinx.html.th
import kotlinx.html.thead
import kotlinx.html.title
import kotlinx.html.tr
import kotlinx.html.ul
import kotlinx.html.unsafe

/** `index.html`: the [Document] as one self-contained page (inline CSS and SVG, no script, no network). */
object HtmlRenderer {
    fun render(document: Document): String = buildString {
        append("<!DOCTYPE html>\n")
        appendHTML(prettyPrint = false).html {
            lang = "en"
            head {
                meta(charset = "utf-8")
                title(document.title)
                style { unsafe { +CSS } }
            }
            body {
                h1 { +document.title }
                document.lead.forEach { block(it) }
                for (section in document.sections) {
                    h2 { id = section.anchor; +section.title }
                    section.blocks.forEach { block(it) }
                }
            }
        }
    }

    private fun FlowContent.block(block: Block) {
        when (block) {
            is Block.Text -> p(tone(block.tone)) { +block.text }
            is Block.Bullets -> ul { block.items.forEachIndexed { i, item -> li(tone(block.tones.getOrElse(i) { Tone.PLAIN })) { +item } } }
            is Block.Table -> {
                h3 { +block.title }
                table {
                    thead { tr { block.headers.forEach { th { +it } } } }
                    tbody { block.rows.forEachIndexed { i, row -> tr(if (block.standIn[i]) "standin" else null) { row.forEach { td { +it } } } } }
                }
            }
            is Block.Verdicts -> table("verdicts") {
                thead { tr { (listOf("experiment") + block.headers).forEach { th { +it } } } }
                tbody {
                    block.rows.forEach { row ->
                        tr {
                            td { a("#${row.section.anchor}") { +row.name } }
                            row.cells.forEach { td { +it } }
                        }
                    }
                }
            }
            is Block.Charts -> div("charts") { block.svgs.forEach { unsafe { +it.markup } } }
            is Block.Links -> p {
                +block.lead
                block.links.forEachIndexed { i, (text, href) ->
                    if (i > 0) +" · "
                    a(href) { +text }
                }
            }
        }
    }

    private fun tone(tone: Tone): String? = when (tone) {
        Tone.PLAIN -> null
        Tone.HEADLINE -> "headline"
        Tone.NOTE -> "note"
        Tone.OK -> "verdict ok"
        Tone.BAD -> "verdict bad"
    }

    private const val CSS = "body{font-family:sans-serif;margin:24px;max-width:1700px;color:#222}" +
        "table{border-collapse:collapse;margin:8px 0 16px;font-size:13px}th,td{border:1px solid #ccc;padding:4px 8px;text-align:right}" +
        "th{background:#f2f2f2}td:nth-child(-n+3),th:nth-child(-n+3){text-align:left}" +
        "tr.standin td{background:#fff6e0}" +
        ".verdict{font-weight:bold;padding:6px 10px;display:inline-block}.ok{background:#e3f5e1}.bad{background:#fbe0e0}" +
        "ul .verdict{display:list-item;padding:2px 6px;font-weight:normal}" +
        "table.verdicts{font-size:14px}table.verdicts td,table.verdicts th{text-align:left;vertical-align:top}table.verdicts td:nth-child(3){font-weight:bold}" +
        ".headline{font-size:17px;font-weight:bold}.note{color:#555}.charts{display:flex;flex-wrap:wrap;gap:24px}"
}
