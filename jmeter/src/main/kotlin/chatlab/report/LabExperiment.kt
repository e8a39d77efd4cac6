package chatlab.report

import chatlab.report.document.Block
import chatlab.report.method.Control
import chatlab.report.document.Section

/**
 * An experiment whose part of the report is an [ExperimentSection] over its rows (seats, counters, sqlite, pool): the
 * explanation, a latency chart and any curves, its tables, its findings and its dashboards.
 */
class LabExperiment<R>(
    override val name: String,
    private val part: ExperimentSection<R>,
    private val rows: (Comparison) -> List<R>,
    override val plans: List<String> = listOf(name),
    private val figure: (R) -> List<Figure>,
) : Experiment {

    override fun section(c: Comparison): Section? {
        val rows = rows(c).takeIf { it.isNotEmpty() } ?: return null
        return Section(part.title, buildList {
            add(Block.Text(part.explanation(c.environment.settings) + "."))
            add(Block.Charts(listOfNotNull(Charts.latencyBars(part.barsTitle, part.bars(rows))) + part.charts(rows)))
            addAll(part.tables(rows))
            add(Block.Bullets(part.findings(rows)))
            add(dashboards(c))
        })
    }

    /** Its verdict, its controls knowing the difference the run planted in their twins. */
    override fun verdict(c: Comparison): Verdict? = rows(c).takeIf { it.isNotEmpty() }?.let(part::verdict)?.let { v ->
        v.copy(controls = v.controls.map { if (it.plantable) it.copy(planted = Control.plantedShare(c.environment.settings)) else it })
    }

    override fun figures(c: Comparison): List<Figure> = rows(c).flatMap(figure)

    override fun ownLoss(sample: Sample): Boolean = part.ownLoss(sample)

    override fun lossesNote(count: Long): String = part.lossesNote(count) ?: super.lossesNote(count)
}
