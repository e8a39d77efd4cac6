package chatlab.report

import chatlab.report.document.Block
import chatlab.report.method.Control
import chatlab.report.method.PairedRatio
import chatlab.report.method.Ranking
import chatlab.report.method.Trial

/**
 * History's verdict: the read paths under one open-model load whose every arrival reads one page from a path drawn at
 * random (history.jmx's duet groups), the A/A twin `<path> again` among them, so that every path meets the same instants
 * of the machine. One row per path, with its statistics per block; the verdict ranks the paths by their average latency
 * per block and states each against the fastest as a paired ratio over the blocks.
 */
data class DuetRow(val contender: String, val blocks: Map<Int, Stats>, val measured: Measured, val failed: Long) {
    val twin: Boolean get() = contender.endsWith(Trial.TWIN)

    companion object {
        private val LABEL = Regex("""^${Regex.escape(Subjects.GET)} \[([^\]]+)] duet block ([0-9]{1,6})$""")

        fun of(samples: List<Sample>): List<DuetRow> = samples.mapNotNull { s -> LABEL.matchEntire(s.label)?.let { it.groupValues[1] to (it.groupValues[2].toInt() to s) } }
            .groupBy({ it.first }, { it.second })
            .map { (contender, list) ->
                val byBlock = list.groupBy({ it.first }, { it.second }).toSortedMap().mapValues { Stats.of(it.value) }
                DuetRow(contender, byBlock, Measured("${Subjects.GET} [$contender] duet", byBlock.values.toList()), list.count { !it.second.success }.toLong())
            }
            .sortedWith(compareBy({ it.contender.removeSuffix(Trial.TWIN) }, { it.twin }))
    }
}

object ReadDuet {
    /** The paths (the twin apart) by their average latency per block. */
    fun ranking(rows: List<DuetRow>): Ranking? =
        Ranking.of(rows.filterNot { it.twin }.associate { it.contender to it.blocks.mapValues { (_, s) -> s.mean } }, lowerIsBetter = true)

    /** The twin against its path, on the average latency of the blocks both ran. */
    fun control(rows: List<DuetRow>, planted: Double): Control? {
        val twin = rows.firstOrNull { it.twin } ?: return null
        val original = rows.firstOrNull { it.contender == twin.contender.removeSuffix(Trial.TWIN) } ?: return null
        if (twin.blocks.keys.none { it in original.blocks }) return null
        return Control("history", "read avg", PairedRatio.of(twin.contender, twin.blocks.mapValues { it.value.mean },
            original.contender, original.blocks.mapValues { it.value.mean }), higherIsWorse = true, planted = planted)
    }

    fun verdict(rows: List<DuetRow>, settings: Map<String, String>): Verdict {
        val ranked = ranking(rows)
        val rate = settings["readDuetRate"]?.let { " of $it arrivals/s" } ?: ""
        return Verdict(
            "Which read path answers a history page soonest when the paths share one load$rate (average per block)?",
            if (ranked == null) "nothing measured" else answer(ranked),
            rows.joinToString("; ") { "${it.contender}${if (it.twin) " (A/A twin)" else ""} avg ${Columns.spread(it.measured.spread { s -> s.mean })} ms" },
            ratios = ranked?.others.orEmpty(),
            controls = listOfNotNull(control(rows, Control.plantedShare(settings))),
        )
    }

    /** `mysql-keyset; not told apart: …; longer: mysql-offset 2.10× (1.90–2.30, 12 blocks)`. */
    fun answer(r: Ranking): String {
        if (r.others.isEmpty()) return "${r.best}, the only path measured"
        fun list(names: List<String>) = r.others.filter { it.a in names }.joinToString(", ") { "${it.a} ${Ranking.text(it)}" }
        return r.best + (if (r.tied.isEmpty()) ", sooner than every other path" else "; not told apart: ${list(r.tied)}") +
            if (r.behind.isEmpty()) "" else "; longer: ${list(r.behind)}"
    }

    fun table(rows: List<DuetRow>): Table = Table(
        "The read paths in duet (median of blocks, min–max; every path drew its arrivals from one shared load)",
        listOf("path", "blocks", "pages", "avg ms (min–max)", "p50 ms", "p95 ms (min–max)", "failed"),
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
    fun text(settings: Map<String, String>): Block.Text = Block.Text(
        "Duet: one open-model load of ${settings["readDuetRate"] ?: "?"} arrivals/s for ${settings["readDuetSeconds"] ?: "?"} s per block, " +
            "${settings["readDuetBlocks"] ?: "?"} blocks a round; every arrival reads one page from a path drawn at random " +
            "(${settings["readDuetPaths"] ?: "?"}, and ${settings["readDuetControl"]?.ifBlank { null }?.let { "$it again, the A/A twin" } ?: "no A/A twin"}), " +
            "so every path meets the same instants of the machine. The verdict is each path's average per block against the " +
            "soonest path's in the same block.")
}
