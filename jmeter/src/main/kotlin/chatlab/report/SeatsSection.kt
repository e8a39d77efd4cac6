package chatlab.report

import chatlab.report.method.Control
import chatlab.report.method.PairedRatio
import chatlab.report.method.PairedRatio.Call
import chatlab.report.method.Ranking

/**
 * The seats experiment in the report: our strategies' table, the public k6 test's MySQL-lock and Redis-lock figures
 * beside ours, and what the blocks say about them: each strategy against the soonest by the paired ratio of their
 * average entry in the same blocks, and the A/A control's twin against its strategy.
 */
object SeatsSection : ExperimentSection<SeatRow> {
    const val TITLE = "Seats — who gets the last seat"
    override val title = TITLE
    override val barsTitle = "Seats: latency of an entry, median of blocks"

    override fun bars(rows: List<SeatRow>) = rows.map { Triple(it.strategy, false, it.measured) }

    override fun tables(rows: List<SeatRow>) = listOf(table(rows), publicTable(rows))

    /** The public test: 10,000 k6 virtual users for 30 s on a laptop, coupon issuing behind a MySQL or a Redis lock. */
    data class PublicLine(val title: String, val ours: String, val tps: Double, val avg: Double, val p95: Double, val failedPct: Double)

    val PUBLIC = listOf(
        PublicLine("MySQL lock", "db-lock", 490.0, 10_170.0, 19_330.0, 28.24),
        PublicLine("Redis lock", "redis-lock", 2_692.0, 319.0, 1_170.0, 2.53),
    )

    override fun explanation(settings: Map<String, String>): String =
        "In ${settings["seatsBlocks"] ?: "?"} blocks per round, each running every strategy once in a shuffled order (seed " +
            "${settings["blockSeed"] ?: "?"})" + (settings["seatsControl"]?.ifBlank { null }?.let { ", and $it again, the A/A twin, on a room of its own" } ?: "") +
            ": an event room reset to ${settings["seats"] ?: "?"} seats, then ${settings["rushThreads"] ?: "?"} threads released " +
            "at once, each entering ${settings["rushLoops"] ?: "?"} times as a new user (closed loop, no think time), then the lab's audit of the " +
            "invariant (members = min(seats, entrants), nobody twice, count = rows, Redis gate = MySQL). 200 is a seat, 409 a clean " +
            "refusal; anything else is a failure, listed by cause. A strategy is judged by its average entry against the soonest " +
            "strategy's in the same blocks"

    fun table(rows: List<SeatRow>): Table = Table(
        "Seats: every entry of the rush (median of blocks, min–max)",
        listOf("strategy", "blocks", "entries", "TPS (min–max)", "avg ms (min–max)", "p50 ms", "p95 ms (min–max)", "p99 ms", "seated (200)", "full (409)", "failed", "failures by cause", "invariant"),
        rows.map { r ->
            val s = r.measured.median
            listOf(
                r.strategy + if (r.twin) " (A/A twin)" else "", r.blocks.size.toString(), Format.count(s.samples), Format.tps(r.measured.spread { it.throughput }),
                Columns.spread(r.measured.spread { it.mean }), Format.ms(s.p50), Columns.spread(r.measured.spread { it.p95 }), Format.ms(s.p99),
                Format.count(r.seated), Format.count(r.refused), Format.count(r.failed), Audits.cell(r.failureCauses), r.invariant,
            )
        },
        rows.map { false },
    )

    fun publicTable(rows: List<SeatRow>): Table = Table(
        "Beside the public k6 test (10,000 virtual users, 30 s, a laptop)",
        listOf("public", "public TPS / avg ms / p95 ms / failed", "ours", "ours TPS / avg ms / p95 ms / failed"),
        PUBLIC.map { p ->
            val ours = rows.firstOrNull { it.strategy == p.ours }
            listOf(
                p.title, "${Format.tps(p.tps)} / ${Format.ms(p.avg)} / ${Format.ms(p.p95)} / ${Format.pct(p.failedPct)}", p.ours,
                ours?.let { "${Format.tps(it.measured.median.throughput)} / ${Format.ms(it.measured.median.mean)} / ${Format.ms(it.measured.median.p95)} / ${Format.pct(it.measured.median.errorPct)}" } ?: "not run",
            )
        },
        PUBLIC.map { false },
    )

    /** Whether the public ordering (the Redis lock well ahead of the MySQL lock) held here, and every invariant. */
    override fun findings(rows: List<SeatRow>): List<String> = buildList {
        if (rows.isEmpty()) return@buildList
        val broken = rows.filter { it.audits.broken }
        add(if (broken.isEmpty()) "Seats: every strategy's invariant held in every audited trial (${rows.joinToString { it.strategy }})."
            else "Seats: the invariant BROKE for ${broken.joinToString { "${it.strategy} (${it.audits.problems.joinToString("; ")})" }}.")
        val db = rows.firstOrNull { it.strategy == "db-lock" }
        val redis = rows.firstOrNull { it.strategy == "redis-lock" }
        if (db != null && redis != null && redis.blocks.keys.any { it in db.blocks }) {
            val tps = PairedRatio.of("redis-lock", redis.blocks.mapValues { it.value.throughput }, "db-lock", db.blocks.mapValues { it.value.throughput })
            val p95 = PairedRatio.of("redis-lock", redis.blocks.mapValues { it.value.p95 }, "db-lock", db.blocks.mapValues { it.value.p95 })
            add("Seats, the public claim that a Redis lock beats a MySQL lock (2,692 vs 490 TPS, p95 1.17 s vs 19.33 s): throughput " +
                "${claim(tps, Call.A_MORE)} (redis-lock / db-lock ${Ranking.text(tps)}); p95 ${claim(p95, Call.B_MORE)} (${Ranking.text(p95)}).")
        }
    }

    /** "held" when the blocks tell the ratio apart on [held]'s side, "reversed" on the other, else "no clear difference". */
    private fun claim(r: PairedRatio, held: Call) = when (r.call(Ranking.MARGIN)) {
        Call.NOT_TOLD_APART -> "no clear difference"
        held -> "held"
        else -> "reversed"
    }

    /** The strategies (the twin apart) by their average entry per block. */
    fun ranking(rows: List<SeatRow>): Ranking? =
        Ranking.of(rows.filterNot { it.twin }.associate { it.strategy to it.blocks.mapValues { (_, s) -> s.mean } }, lowerIsBetter = true, figure = FIGURE)

    /** The twin against its strategy, on the average entry of the blocks both ran; never planted (see [Control.plantable]). */
    fun control(rows: List<SeatRow>): Control? =
        Control.twinOf("seats", FIGURE, rows.associate { r -> r.strategy to r.blocks.mapValues { it.value.mean } }, notPlanted = Control.RUSH)

    override fun verdict(rows: List<SeatRow>): Verdict {
        val broken = rows.filter { it.audits.broken }
        val safe = if (broken.isEmpty()) "every strategy seated each seat once, nobody twice"
            else "OVERSOLD or broken: ${broken.joinToString { it.strategy }}"
        val ranked = ranking(rows)
        val failing = rows.filter { !it.twin && it.failed > 0 }.joinToString { "${it.strategy} (${Format.count(it.failed)})" }
        return Verdict("Which seat strategy sells a room's seats to a rush without overselling, and admits soonest (average entry per block)?",
            "$safe; soonest: " + (ranked?.answer("strategy") ?: "nothing measured") + if (failing.isEmpty()) "" else "; failures at $failing",
            rows.joinToString("; ") { "${it.strategy}${if (it.twin) " (A/A twin)" else ""} avg ${Columns.spread(it.measured.spread { s -> s.mean })} ms, ${Format.tps(it.measured.spread { s -> s.throughput })} TPS" },
            ratios = ranked?.others.orEmpty(),
            controls = listOfNotNull(control(rows)))
    }

    /** What the seats' verdict and control compare. */
    const val FIGURE = "entry avg"
}
