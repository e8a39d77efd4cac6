package chatlab.report

/**
 * The seats experiment in the report: our strategies' table, the public k6 test's MySQL-lock and Redis-lock figures
 * beside ours, and what the rounds say about them (computed: a difference counts only beyond both spreads).
 */
object SeatsSection : ExperimentSection<SeatRow> {
    const val TITLE = "Seats — who gets the last seat"
    override val title = TITLE
    override val barsTitle = "Seats: latency of an entry, median of rounds"

    override fun bars(rows: List<SeatRow>) = rows.map { Triple(it.strategy, false, it.measured) }

    override fun tables(rows: List<SeatRow>) = listOf(table(rows), publicTable(rows))

    /** The public test: 10,000 k6 virtual users for 30 s on a laptop, coupon issuing behind a MySQL or a Redis lock. */
    data class PublicLine(val title: String, val ours: String, val tps: Double, val avg: Double, val p95: Double, val failedPct: Double)

    val PUBLIC = listOf(
        PublicLine("MySQL lock", "db-lock", 490.0, 10_170.0, 19_330.0, 28.24),
        PublicLine("Redis lock", "redis-lock", 2_692.0, 319.0, 1_170.0, 2.53),
    )

    override fun explanation(settings: Map<String, String>): String =
        "Per strategy and round: an event room reset to ${settings["seats"] ?: "?"} seats, then ${settings["rushThreads"] ?: "?"} threads released " +
            "at once, each entering ${settings["rushLoops"] ?: "?"} times as a new user (closed loop, no think time), then the lab's audit of the " +
            "invariant (members = min(seats, entrants), nobody twice, count = rows, Redis gate = MySQL). 200 is a seat, 409 a clean " +
            "refusal; anything else is a failure, listed by cause"

    fun table(rows: List<SeatRow>): Table = Table(
        "Seats: every entry of the rush (median of rounds, min–max)",
        listOf("strategy", "entries", "TPS (min–max)", "avg ms", "p50 ms", "p95 ms (min–max)", "p99 ms", "seated (200)", "full (409)", "failed", "failures by cause", "invariant"),
        rows.map { r ->
            val s = r.measured.median
            listOf(
                r.strategy, Format.count(s.samples), Format.tps(r.measured.spread { it.throughput }), Format.ms(s.mean), Format.ms(s.p50),
                Columns.spread(r.measured.spread { it.p95 }), Format.ms(s.p99), Format.count(r.seated), Format.count(r.refused), Format.count(r.failed),
                Audits.cell(r.failureCauses), r.invariant,
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
        add(if (broken.isEmpty()) "Seats: every strategy's invariant held in every audited round (${rows.joinToString { it.strategy }})."
            else "Seats: the invariant BROKE for ${broken.joinToString { "${it.strategy} (${it.audits.problems.joinToString("; ")})" }}.")
        val db = rows.firstOrNull { it.strategy == "db-lock" }
        val redis = rows.firstOrNull { it.strategy == "redis-lock" }
        if (db != null && redis != null) {
            val tps = verdict(redis.measured.spread { it.throughput }, db.measured.spread { it.throughput }, higherIsBetter = true, Format::tps)
            val p95 = verdict(redis.measured.spread { it.p95 }, db.measured.spread { it.p95 }, higherIsBetter = false, ::ms)
            add("Seats, the public claim that a Redis lock beats a MySQL lock (2,692 vs 490 TPS, p95 1.17 s vs 19.33 s): throughput $tps; p95 $p95.")
        }
        val fastest = rows.filter { it.failed == 0L }.maxByOrNull { it.measured.median.throughput }
        if (fastest != null) {
            val others = rows.filter { it !== fastest }
            val clear = others.filter { it.measured.spread { s -> s.throughput }.clearlyBelow(fastest.measured.spread { s -> s.throughput }) }
            add("Seats: ${fastest.strategy} had the highest throughput without failures (${Format.tps(fastest.measured.median.throughput)} TPS); " +
                if (clear.size == others.size) "beyond every other strategy's spread." else "not clearly beyond ${others.filterNot { it in clear }.joinToString { it.strategy }} (spreads overlap or lie within 20 %).")
        }
    }

    override fun verdict(rows: List<SeatRow>): Verdict {
        val broken = rows.filter { it.audits.broken }
        val safe = if (broken.isEmpty()) "every strategy seated each seat once, nobody twice"
            else "OVERSOLD or broken: ${broken.joinToString { it.strategy }}"
        val clean = rows.filter { it.failed == 0L && !it.audits.broken }
        val tps = rows.map { Verdict.Contender(it.strategy, it.measured.spread { s -> s.throughput }, "${Format.tps(it.measured.spread { s -> s.throughput })} TPS") }
        val fastest = if (clean.isEmpty()) "none without failures" else
            Verdict.highest(tps.filter { t -> clean.any { it.strategy == t.name } }, Spread::clearlyBelow)
        return Verdict("Which seat strategy sells a room's seats to a rush without overselling, and admits fastest?",
            "$safe; most entries per second without failures: $fastest", Verdict.figures(tps))
    }

    /** "held", "reversed" or "no clear difference": [redis] against [db], told apart as every verdict ([Spread.clearlyBelow]). */
    private fun verdict(redis: Spread, db: Spread, higherIsBetter: Boolean, fmt: (Spread) -> String): String {
        val (low, high) = if (higherIsBetter) db to redis else redis to db
        val margin = if (higherIsBetter) 0.0 else Findings.RESOLUTION_MS
        return when {
            low.clearlyBelow(high, margin) -> "held (redis-lock ${fmt(redis)}, db-lock ${fmt(db)})"
            high.clearlyBelow(low, margin) -> "reversed (redis-lock ${fmt(redis)}, db-lock ${fmt(db)})"
            else -> "no clear difference (redis-lock ${fmt(redis)}, db-lock ${fmt(db)}: the spreads overlap or lie within 20 %)"
        }
    }

    private fun ms(s: Spread) = Columns.spread(s)
}
