package chatlab.report.document

/**
 * The report as one document, built once from a run and rendered twice: `index.html` ([HtmlRenderer]) and
 * `summary.md` ([MarkdownRenderer]) hold the same sections, sentences and tables; only charts are the page's alone.
 */
data class Document(val title: String, val lead: List<Block>, val sections: List<Section>)

/** One part of the report under its own heading: an experiment, a shape, the findings, the environment. */
data class Section(val title: String, val blocks: List<Block>) {
    /** The heading's anchor, as GitHub makes it from a Markdown heading: lower case, punctuation dropped, spaces as hyphens. */
    val anchor: String get() = title.lowercase().replace(Regex("[^\\p{L}\\p{N} _-]"), "").replace(' ', '-')
}

/** What a section is made of. */
sealed interface Block {
    /** A paragraph; [tone] says how the page sets it off (Markdown sets a headline in bold, the rest plainly). */
    data class Text(val text: String, val tone: Tone = Tone.PLAIN) : Block

    /** A bulleted list; [tones] marks items that passed or failed (a gate), else every item is plain. */
    data class Bullets(val items: List<String>, val tones: List<Tone> = emptyList()) : Block

    /** A table under its own small heading; rows flagged [standIn] are set off as the stand-in's. */
    data class Table(val title: String, val headers: List<String>, val rows: List<List<String>>, val standIn: List<Boolean>) : Block

    /** Charts side by side, each a self-contained SVG (see `SvgCharts`); Markdown names them instead. */
    data class Charts(val svgs: List<Svg>) : Block

    /**
     * The report's first table: per experiment, its question, answer and figures ([headers] after the experiment's name),
     * the name linking to its section.
     */
    data class Verdicts(val headers: List<String>, val rows: List<Row>) : Block {
        data class Row(val name: String, val section: Section, val cells: List<String>)
    }

    /** Links to files beside the report (dashboards, the other formats). */
    data class Links(val lead: String, val links: List<Pair<String, String>>) : Block

    data class Svg(val title: String, val markup: String)

    enum class Tone { PLAIN, HEADLINE, NOTE, OK, BAD }
}
