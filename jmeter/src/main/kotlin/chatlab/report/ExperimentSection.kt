package chatlab.report

import chatlab.report.document.Block

/** A lab experiment's part of the report (seats, counters, sqlite, pool): the same parts, rendered alike in HTML and Markdown. */
interface ExperimentSection<R> {
    val title: String

    /** What one unit of the experiment does, with the settings of this run. */
    fun explanation(settings: Map<String, String>): String

    /** The latency chart's title and its bars (name, stand-in, measured). */
    val barsTitle: String

    fun bars(rows: List<R>): List<Triple<String, Boolean, Measured>>

    /** Our table, then the public figures beside ours. */
    fun tables(rows: List<R>): List<Table>

    fun findings(rows: List<R>): List<String>

    /** Its answer on the report's first screen. */
    fun verdict(rows: List<R>): Verdict?

    /** Whether a failed sample is this experiment's own figure rather than a fault (see [Experiment.ownLoss]). */
    fun ownLoss(sample: Sample): Boolean = false

    /** The finding for [count] such samples; null: the generic one. */
    fun lossesNote(count: Long): String? = null

    /** Charts beside the bars (inline SVG), for experiments that draw a curve. */
    fun charts(rows: List<R>): List<Block.Svg> = emptyList()
}
