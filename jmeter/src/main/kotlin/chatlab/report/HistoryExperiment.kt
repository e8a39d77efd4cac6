package chatlab.report

import chatlab.report.document.Block
import chatlab.report.document.Section

/**
 * History reads: the read paths in duet (the verdict), every read path's capacity (with the instrument's ceiling), the
 * chat mix, and the reference shape beside the public write-up; the SQLite read paths join when the sqlite experiment runs.
 */
/** Read paths' capacities, the instrument's ceiling ([Subjects.WHO_AM_I]) last. */
val Comparison.readCapacity: List<CapacityPath> get() = capacityOf(HistoryExperiment)

/** The read paths measured in duet, per block. */
val Comparison.readDuet: List<DuetRow> get() = Duet.HISTORY.rows(samples)

object HistoryExperiment : Experiment {
    override val name = "history"

    override val ladders = listOf(Ladder(Subjects.GET, Subjects.READ_PATHS), Ladder(Subjects.WHO_AM_I, listOf(Subjects.READ_INSTRUMENT)))
    override val references = listOf(
        ReferenceShape(Subjects.GET, Subjects.READ_PATHS, Subjects.BASELINE.key),
        ReferenceShape(Subjects.ENTER, Subjects.READ_PATHS, Subjects.BASELINE.key),
    )
    override val mixPaths = Subjects.READ_PATHS

    override fun section(c: Comparison): Section? {
        val reads = c.referenceOf(Subjects.GET)
        val enters = c.referenceOf(Subjects.ENTER)
        val reference = reads + enters
        val duet = c.readDuet
        if (duet.isEmpty() && c.readCapacity.isEmpty() && c.mix.isEmpty() && reference.isEmpty()) return null
        val settings = c.environment.settings
        return Section("History — chat history reads", buildList {
            if (duet.isNotEmpty()) {
                add(Duet.HISTORY.text(settings))
                add(Duet.HISTORY.table(duet))
            }
            if (c.readCapacity.isNotEmpty()) {
                add(shapeText(Shape.CAPACITY, settings))
                add(Block.Charts(listOf(Charts.capacity("History reads", c.readCapacity, c.slo))))
                add(Columns.capacity("History reads — “${Subjects.GET}”, one random page per arrival", c.readCapacity, c))
            }
            if (c.mix.isNotEmpty()) {
                add(shapeText(Shape.MIX, settings))
                add(Block.Charts(listOfNotNull(Charts.latencyBars("Chat mix: every read, median of rounds", c.mix.filter { it.kind == "all" }.map { Triple(it.subject.key, it.standIn, it.measured) }))))
                add(Columns.mix("History reads by kind (all = every read of the mix)", c.mix, c))
            }
            if (reference.isNotEmpty()) {
                add(shapeText(Shape.REFERENCE, settings))
                add(Block.Charts(listOfNotNull(Charts.latencyBars("Reference shape: history read, median of rounds", reads.map { Triple(it.subject.key, it.standIn, it.measured) }))))
                if (reads.isNotEmpty()) add(Columns.reference("History reads — “${Subjects.GET}” (baseline ${Subjects.BASELINE.key})", reads, c))
                if (enters.isNotEmpty()) add(Columns.reference("Enter a room — “${Subjects.ENTER}” (room + latest 20)", enters, c))
                addAll(ReferenceResult.blocks(c))
            }
            add(Block.Bullets(Findings.history(c) + listOfNotNull(LoadGenerator.sentence(c, name, "History",
                "Every read is a JMeter HTTP client on the server's cores, and together they cost more than the server they measure"))))
            add(dashboards(c))
        })
    }

    /**
     * The duet's ranking where the run measured the paths in duet; else (a run from before it, or one that skipped it)
     * the capacities', judged on the rounds' ranges.
     */
    override fun verdict(c: Comparison): Verdict? = c.readDuet.takeIf { it.isNotEmpty() }?.let { Duet.HISTORY.verdict(it, c.environment.settings) }
        ?: Verdict.capacity("Which read path serves the most history pages per second with p95 ≤ ${Format.ms(c.slo)} ms (where p95 reached it)?", c.readCapacity)

    override fun figures(c: Comparison): List<Figure> = buildList {
        addAll(Duet.HISTORY.figures(c.readDuet))
        addAll(referenceFigures(c.referenceOf(Subjects.GET) + c.referenceOf(Subjects.ENTER)))
        addAll(capacityFigures(c.readCapacity))
        for (row in c.mix) {
            add(Figure("mix", row.measured.label, "p50", row.measured.spread { it.p50 }, row.standIn))
            add(Figure("mix", row.measured.label, "p95", row.measured.spread { it.p95 }, row.standIn))
        }
    }

    /** A shape's name, what it does and the settings it ran with. */
    fun shapeText(shape: Shape, settings: Map<String, String>) =
        Block.Text("${shape.title}: ${shape.explanation}. ${Settings.describe(shape, settings)}")

    fun referenceFigures(rows: List<Row>): List<Figure> = rows.flatMap { row ->
        listOf(
            Figure("reference", row.label, "avg", row.measured.spread { it.mean }, row.standIn),
            Figure("reference", row.label, "p95", row.measured.spread { it.p95 }, row.standIn),
            Figure("reference", row.label, "tps", row.measured.spread { it.throughput }, row.standIn),
        )
    }

    fun capacityFigures(paths: List<CapacityPath>): List<Figure> = paths.flatMap { path ->
        listOf(
            Figure("capacity", path.figureLabel, PreviousRun.CAPACITY, path.capacity, path.standIn),
            Figure("capacity", path.figureLabel, PreviousRun.CROSSING, path.crossing, path.standIn),
        ) + path.steps.map { step -> Figure("capacity", step.measured.label, "p95", step.measured.spread { it.p95 }, path.standIn) }
    }
}
