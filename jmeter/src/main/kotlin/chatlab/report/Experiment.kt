package chatlab.report

import chatlab.report.document.Block
import chatlab.report.document.Section

/**
 * One experiment in the report, by the name it has in its plan, its Maven selection and the README: its section
 * (rows, charts, findings and its JMeter dashboards) and its figures in `summary.csv`. Adding an experiment to the
 * report is one such type, with its test, in [Experiments.ALL].
 */
interface Experiment {
    val name: String

    /** The plans whose dashboards belong to this experiment. */
    val plans: List<String> get() = listOf(name)

    /** The capacity ladders its plans climb (none: its figures come from other shapes). */
    val ladders: List<Ladder> get() = emptyList()

    /** The reference-shape tables its plans measure. */
    val references: List<ReferenceShape> get() = emptyList()

    /** The read paths whose chat mix its plans measure (reads by kind: newest, scroll, deep). */
    val mixPaths: List<Subject> get() = emptyList()

    /** Its section; null when the run did not run it. */
    fun section(c: Comparison): Section?

    /** Its answer on the report's first screen; null when the run did not run it. */
    fun verdict(c: Comparison): Verdict? = null

    /** Its figures, for `summary.csv` and the next run's comparison (keyed by section, label and figure). */
    fun figures(c: Comparison): List<Figure>

    /**
     * Whether a failed [sample] is this experiment's own figure rather than a fault of the run (the pool sweep's timeouts
     * are its error rate per size): such samples do not fail the run, and the findings say how many there were.
     */
    fun ownLoss(sample: Sample): Boolean = false

    /** The finding for [count] samples of [ownLoss]. */
    fun lossesNote(count: Long): String = "${Format.count(count)} samples of the $name experiment failed as it measures them; they do not fail the run."

    /** The JMeter dashboards of this experiment's plans, one per round. */
    fun dashboards(c: Comparison): Block.Links = Block.Links(
        "JMeter dashboards: ",
        (1..c.rounds).flatMap { r -> plans.filter { r <= c.roundsOf(it) }.map { "round $r $it" to "../jmeter/reports/round-$r/$it/index.html" } },
    )
}

/** The experiments, in report order. */
object Experiments {
    val ALL: List<Experiment> = listOf(
        HistoryExperiment,
        SendsExperiment,
        LabExperiment("seats", SeatsSection, { SeatRow.of(it.samples) }) { tpsAndP95("seats", it.measured) },
        CountersExperiment,
        LabExperiment("sqlite", SqliteSection, SqliteRow::of, plans = listOf("history", "sends")) { emptyList() },
        FanoutExperiment,
        LabExperiment("pool", PoolSection, { PoolRow.of(it.samples, it.environment.machine["cpus"]?.toIntOrNull()) }) { row -> listOf(Figure("pool", row.measured.label, "p95", row.measured.spread { it.p95 }, false), Figure("pool", row.measured.label, "error%", row.errorPct, false)) },
    )

    private fun tpsAndP95(section: String, measured: Measured) = listOf(
        Figure(section, measured.label, "tps", measured.spread { it.throughput }, false),
        Figure(section, measured.label, "p95", measured.spread { it.p95 }, false),
    )
}
