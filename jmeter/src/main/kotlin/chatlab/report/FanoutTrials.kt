package chatlab.report

import chatlab.report.document.Block
import chatlab.report.method.Control
import chatlab.report.method.Ranking

/** The fan-out's deployments in blocks of trials at one load (fanout.jmx's trial groups, scripts/fanout-trials.groovy). */
val Comparison.fanoutTrials: List<DuetRow> get() = FanoutTrials.rows(samples)

/**
 * The fan-out's verdict: every block runs one trial on each deployment and one on the A/A twin (`<deployment> again`, on
 * a room of its own), in a shuffled order, each trial the same room size at the same offered deliveries per second; a
 * deployment is judged by its average delivery (SEND to a member's receipt) against the soonest deployment's in the same
 * block. A trial is a room's members and senders for a second or two, so its contenders cannot share one load as the
 * duets' do: a room is on one deployment.
 */
object FanoutTrials {
    private val label = Regex("""^${Subjects.DELIVERY} \[\d+ members on ([^\]]+)] trial block ([0-9]{1,6})$""")

    /** What the verdict and the control compare. */
    const val FIGURE = "delivery avg"

    /**
     * Why the twin is never planted: the planted share slows a SEND by a share of its own storing time (PlantedSends),
     * which is one part of what its deliveries to a room of members take.
     */
    const val NOT_PLANTED = "the planted share holds a SEND back a share of its storing time, a part of what its deliveries take"

    fun rows(samples: List<Sample>): List<DuetRow> = DuetRow.of(samples, label) { "${Subjects.DELIVERY} [$it] trials" }

    fun ranking(rows: List<DuetRow>): Ranking? =
        Ranking.of(rows.filterNot { it.twin }.associate { it.contender to it.blocks.mapValues { (_, s) -> s.mean } }, lowerIsBetter = true, figure = FIGURE)

    fun control(rows: List<DuetRow>): Control? =
        Control.twinOf("fanout", FIGURE, rows.associate { r -> r.contender to r.blocks.mapValues { it.value.mean } }, notPlanted = NOT_PLANTED)

    /** The verdict on the trials, or null where none ran. */
    fun verdict(rows: List<DuetRow>, settings: Map<String, String>): Verdict? {
        if (rows.isEmpty()) return null
        val ranked = ranking(rows)
        return Verdict(
            "Which deployment delivers a message to every member of a room of ${settings["fanoutTrialMembers"] ?: "?"} soonest at " +
                "${settings["fanoutTrialRate"] ?: "?"} offered deliveries/s (average delivery per block)?",
            ranked?.answer("deployment") ?: "nothing measured",
            rows.joinToString("; ") { "${it.contender}${if (it.twin) " (A/A twin)" else ""} avg ${Columns.spread(it.measured.spread { s -> s.mean })} ms, p95 ${Columns.spread(it.measured.spread { s -> s.p95 })} ms" },
            ratios = ranked?.others.orEmpty(),
            controls = listOfNotNull(control(rows)),
        )
    }

    fun text(settings: Map<String, String>): Block.Text {
        val control = settings["fanoutControl"]?.ifBlank { null }?.let { "and $it again, the A/A twin, on room ${settings["fanoutTwinRoom"] ?: "?"}" } ?: "no A/A twin"
        return Block.Text(
            "Blocks: ${settings["fanoutBlocks"] ?: "?"} a round, each one trial on every deployment $control, in an order shuffled per block " +
                "(seed ${settings["blockSeed"] ?: "?"}); a trial is a room of ${settings["fanoutTrialMembers"] ?: "?"} members at " +
                "${settings["fanoutTrialRate"] ?: "?"} offered deliveries/s for ${settings["fanoutTrialSeconds"] ?: "?"} s, audited like a " +
                "step. A round opens with one unmeasured trial per deployment. The verdict is each deployment's average " +
                "delivery per block against the soonest deployment's in the same block: the ladders below say how far each carries, the blocks " +
                "which is sooner at one load, with the drift of the machine falling on every deployment of a block alike.")
    }

    fun table(rows: List<DuetRow>): Block.Table = Block.Table(
        "The deployments in blocks, “${Subjects.DELIVERY}” at one load (median of blocks, min–max)",
        listOf("deployment", "blocks", "deliveries", "avg ms (min–max)", "p50 ms", "p95 ms (min–max)", "failed"),
        rows.map { r ->
            listOf(
                r.contender + if (r.twin) " (A/A twin)" else "", r.blocks.size.toString(), Format.count(r.blocks.values.sumOf { it.samples }),
                Columns.spread(r.measured.spread { it.mean }), Format.ms(r.measured.median.p50), Columns.spread(r.measured.spread { it.p95 }),
                r.failed.toString(),
            )
        },
        rows.map { false },
    )

    fun figures(rows: List<DuetRow>): List<Figure> = rows.map { Figure("trials", it.measured.label, "avg", it.measured.spread { s -> s.mean }, false) }
}
