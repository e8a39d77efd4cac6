package chatlab.report

import chatlab.report.document.Block
import chatlab.report.method.Control
import chatlab.report.method.Ranking
import chatlab.report.method.Trial

/**
 * An experiment's duet: one open-model load whose every arrival goes to a contender drawn at random (a read path, a send
 * store), the A/A twin `<name> again` among them, so that every contender meets the same instants of the machine
 * (the duet groups of history.jmx, sends.jmx and counters.jmx). The verdict ranks the contenders by their average latency per block and
 * states each against the soonest as a paired ratio over the blocks.
 */
data class Duet(
    val experiment: String,
    /** The sampler whose times are judged: `get chat messages`, `send-to-delivery`. */
    val sampler: String,
    /** What a contender is: `path`, `store`. */
    val contender: String,
    /** What one arrival does, for the question and the text: `reads a history page`. */
    val arrival: String,
    /** The settings' names: `<prefix>Rate`, `<prefix>Seconds`, `<prefix>Blocks`, `<prefix>Control`, and [contendersKey]. */
    val prefix: String,
    val contendersKey: String,
) {
    private val label = Regex("""^${Regex.escape(sampler)} \[([^\]]+)] duet block ([0-9]{1,6})$""")

    fun rows(samples: List<Sample>): List<DuetRow> = DuetRow.of(samples, label) { "$sampler [$it] duet" }

    /** The contenders (the twin apart) by their average latency per block. */
    fun ranking(rows: List<DuetRow>): Ranking? =
        Ranking.of(rows.filterNot { it.twin }.associate { it.contender to it.blocks.mapValues { (_, s) -> s.mean } }, lowerIsBetter = true, figure = "$sampler avg")

    /** The twin against its original, on the average latency of the blocks both ran (at every promise: one twin). */
    fun control(rows: List<DuetRow>, planted: Double): Control? {
        val figures = rows.groupBy { DuetPromises.withoutPromise(it.contender) }
            .mapValues { (_, same) -> same.flatMap { r -> r.blocks.map { (block, s) -> block to s.mean } }.toMap() }
        return Control.twinOf(experiment, "$sampler avg", figures, planted)
    }

    fun verdict(rows: List<DuetRow>, settings: Map<String, String>): Verdict {
        val rate = settings["${prefix}Rate"]?.let { " of $it arrivals/s" } ?: ""
        val promised = DuetPromises.rankings(rows, "$sampler avg")
        val ranked = if (promised.isEmpty()) ranking(rows) else null
        val costs = DuetPromises.costs(rows, "$sampler avg")
        val answer = when {
            promised.isNotEmpty() -> promised.entries.joinToString("; ") { (promise, r) -> "at the $promise promise: ${answer(r)}" } +
                costs.joinToString("") { "; ${DuetPromises.costText(it)}" }
            ranked != null -> answer(ranked)
            else -> "nothing measured"
        }
        return Verdict(
            "Which $contender $arrival soonest when they share one load$rate (average per block)" + (if (promised.isEmpty()) "?" else ", among stores that promise the same?"),
            answer,
            rows.joinToString("; ") { "${it.contender}${if (it.twin) " (A/A twin)" else ""} avg ${Columns.spread(it.measured.spread { s -> s.mean })} ms" },
            ratios = (ranked?.others.orEmpty() + promised.values.flatMap { it.others } + costs),
            controls = listOfNotNull(control(rows, Control.plantedShare(settings))),
        )
    }

    /** `mysql-keyset; not told apart: …; longer: mysql-offset 2.10× (1.90–2.30, 12 blocks)`. */
    fun answer(r: Ranking): String = r.answer(contender)

    fun table(rows: List<DuetRow>): Block.Table = Block.Table(
        "The ${contender}s in duet, “$sampler” (median of blocks, min–max; every $contender drew its arrivals from one shared load)",
        listOf(contender, "blocks", "samples", "avg ms (min–max)", "p50 ms", "p95 ms (min–max)", "failed"),
        rows.map { r ->
            listOf(
                r.contender + if (r.twin) " (A/A twin)" else "", r.blocks.size.toString(), r.blocks.values.sumOf { it.samples }.toString(),
                Columns.spread(r.measured.spread { it.mean }), Format.ms(r.measured.median.p50), Columns.spread(r.measured.spread { it.p95 }),
                r.failed.toString(),
            )
        },
        rows.map { false },
    )

    fun figures(rows: List<DuetRow>): List<Figure> = rows.map { Figure("duet", it.measured.label, "avg", it.measured.spread { s -> s.mean }, false) }

    /** What the duet is and the settings it ran with. */
    fun text(settings: Map<String, String>): Block.Text {
        val control = settings["${prefix}Control"]?.ifBlank { null }?.let { "and $it again, the A/A twin" } ?: "no A/A twin"
        return Block.Text(
            "Duet: one open-model load of ${settings["${prefix}Rate"] ?: "?"} arrivals/s for ${settings["${prefix}Seconds"] ?: "?"} s per block, " +
                "${settings["${prefix}Blocks"] ?: "?"} blocks a round; every arrival $arrival with a $contender drawn at random " +
                "(${settings[contendersKey] ?: "?"}, $control), so every $contender meets the same instants of the machine. The verdict " +
                "is each $contender's average per block against the soonest $contender's in the same block.")
    }

    companion object {
        val HISTORY = Duet("history", Subjects.GET, "path", "reads a history page", "readDuet", "readDuetPaths")
        val SENDS = Duet("sends", Subjects.SEND_TO_DELIVERY, "store", "takes a SEND to its broadcast", "sendDuet", "sendDuetStores")
        val COUNTERS = Duet("counters", "view", "counter", "counts a view", "viewDuet", "viewDuetContenders")
    }
}

/** One contender of a duet, with its statistics per block. */
data class DuetRow(val contender: String, val blocks: Map<Int, Stats>, val measured: Measured, val failed: Long) {
    val twin: Boolean get() = contender.endsWith(Trial.TWIN)

    companion object {
        /**
         * The contenders of the [samples] whose label [label] matches, its first group the contender and its second the
         * block, each with its statistics per block under the label [measured] names it by; the twin after its original.
         */
        fun of(samples: List<Sample>, label: Regex, measured: (String) -> String): List<DuetRow> =
            samples.mapNotNull { s -> label.matchEntire(s.label)?.let { it.groupValues[1] to (it.groupValues[2].toInt() to s) } }
                .groupBy({ it.first }, { it.second })
                .map { (name, list) ->
                    val byBlock = list.groupBy({ it.first }, { it.second }).toSortedMap().mapValues { Stats.of(it.value) }
                    DuetRow(name, byBlock, Measured(measured(name), byBlock.values.toList()), list.count { !it.second.success }.toLong())
                }
                .sortedWith(compareBy({ it.contender.removeSuffix(Trial.TWIN) }, { it.twin }))
    }
}
