package chatlab.report

import chatlab.report.method.PairedRatio
import chatlab.report.method.PairedRatio.Call
import chatlab.report.method.Ranking

/**
 * The sqlite experiment in the report: SQLite with the driver's defaults against SQLite tuned for servers (and MySQL
 * for scale) on history reads, sends and the counters' writes, the public guide's settings and figures beside ours,
 * SQLITE_BUSY counted apart, and what the rounds say (a difference only beyond both spreads).
 */
object SqliteSection : ExperimentSection<SqliteRow> {
    override val title = "SQLite — driver defaults against tuned for servers"
    override val barsTitle = "SQLite: chat-mix reads (keyset), median of rounds"

    /** The public guide: 4 vCPU, the database used in-process (no HTTP), tuned as the sqlite-tuned store is. */
    const val PUBLIC_WRITES = 8_300.0
    const val PUBLIC_READS = 168_000.0
    const val PUBLIC_SETTINGS = "WAL, busy_timeout 5000, synchronous NORMAL, large cache, foreign keys, temp store in memory, " +
        "BEGIN IMMEDIATE, one writer connection and max(4, cores) readers, STRICT tables"

    override fun explanation(settings: Map<String, String>): String =
        "The same ${settings["seedMessages"]?.toLongOrNull()?.let(Format::count) ?: "?"} seeded messages in two SQLite files, read and written through the chat API like MySQL and MongoDB: " +
            "`sqlite` with the driver's defaults (rollback journal, synchronous FULL, deferred transactions, one pool of " +
            "${settings["sqlitePool"] ?: "?"} connections for reads and writes, 3 s busy timeout) and `sqlite-tuned` with the public guide's " +
            "settings ($PUBLIC_SETTINGS). Read capacity and the chat mix come from the history experiment's keyset paths, send capacity from " +
            "the sends experiment, hot-row writes from the counters experiment; MySQL's figures are there for scale"

    override fun bars(rows: List<SqliteRow>) = rows.mapNotNull { r -> r.mix?.let { Triple(r.readPath, false, it) } }

    override fun tables(rows: List<SqliteRow>) = listOf(table(rows), publicTable(rows))

    fun table(rows: List<SqliteRow>): Table = Table(
        "SQLite against SQLite tuned (median of rounds, min–max)",
        listOf("store", "read capacity, keyset", "chat mix p95 ms", "send capacity", "hot-row writes TPS", "SQLITE_BUSY", "failed", "failures by cause"),
        rows.map { r ->
            listOf(
                r.store, r.readCapacity?.let(Format::rate) ?: "not run", r.mix?.let { Columns.spread(it.spread { s -> s.p95 }) } ?: "not run",
                r.sendCapacity?.let(Format::rate) ?: "not run",
                r.counterWrites?.let { "${Format.tps(it)} at ${r.counterThreads} threads" } ?: "not run",
                Format.count(r.busy), Format.count(r.failed), Audits.cell(r.failureCauses).ifEmpty { "–" },
            )
        },
        rows.map { false },
    )

    /** The guide measured the database alone; ours goes through HTTP or STOMP, JSON and the server on 2 shared cores. */
    fun publicTable(rows: List<SqliteRow>): Table {
        val tuned = rows.firstOrNull { it.store == "sqlite-tuned" }
        return Table(
            "Beside the public guide (4 vCPU, SQLite in-process; ours: end to end through the server, 2 cores shared with JMeter)",
            listOf("figure", "public (tuned)", "ours, sqlite-tuned (min–max)"),
            listOf(
                listOf("writes/s", Format.rate(PUBLIC_WRITES), tuned?.counterWrites?.let { "${Format.tps(it)} hot-row writes/s at ${tuned.counterThreads} threads" } ?: "not run"),
                listOf("reads/s", Format.rate(PUBLIC_READS), tuned?.readCapacity?.let { "${Format.rate(it)} history pages/s within the SLO" } ?: "not run"),
                listOf("errors", "0", tuned?.let { "${Format.count(it.failed)} failed, ${Format.count(it.busy)} SQLITE_BUSY" } ?: "–"),
            ),
            listOf(false, false, false),
        )
    }

    override fun findings(rows: List<SqliteRow>): List<String> = buildList {
        val default = rows.firstOrNull { it.store == "sqlite" } ?: return@buildList
        val tuned = rows.firstOrNull { it.store == "sqlite-tuned" } ?: return@buildList
        compare("read capacity (keyset)", default.readCapacity, tuned.readCapacity, Format::rate)?.let(::add)
        compare("send capacity", default.sendCapacity, tuned.sendCapacity, Format::rate)?.let(::add)
        compare("hot-row writes", default.counterWrites, tuned.counterWrites, show = { "${Format.tps(it)} TPS" }, ladder = false)?.let(::add)
        if (default.mix != null && tuned.mix != null) {
            add("SQLite chat mix p95 (defaults → tuned): " + Findings.compareLatency(default.mix.spread { it.p95 }, tuned.mix.spread { it.p95 }))
        }
        add(
            "SQLITE_BUSY on history reads and sends: ${Format.count(default.busy)} with the driver's defaults, ${Format.count(tuned.busy)} tuned" +
                when {
                    default.busy > 0 && tuned.busy == 0L -> ": the tuning removed it."
                    default.busy == 0L && tuned.busy == 0L -> ". The defaults' 3 s busy timeout absorbed every lock wait at these rates; " +
                        "the counters experiment and the sqlite tests show where it surfaces."
                    else -> "."
                },
        )
    }

    override fun verdict(rows: List<SqliteRow>): Verdict? {
        val default = rows.firstOrNull { it.store == "sqlite" } ?: return null
        val tuned = rows.firstOrNull { it.store == "sqlite-tuned" } ?: return null
        return duetVerdict(default, tuned) ?: capacityVerdict(default, tuned)
    }

    /**
     * Tuned against defaults in the blocks of history's and the sends' duets, where both ran: the paired ratio of their
     * averages, tuned / defaults (below 1: tuned answers sooner), told apart as every blocked verdict is.
     */
    fun duetVerdict(default: SqliteRow, tuned: SqliteRow): Verdict? {
        val parts = listOf("reads" to (tuned.readBlocks to default.readBlocks), "sends" to (tuned.sendBlocks to default.sendBlocks))
            .filter { (_, p) -> p.first.keys.any { it in p.second } }
            .map { (what, p) -> what to PairedRatio.of("tuned", p.first, "defaults", p.second, figure = "$what avg") }
        if (parts.isEmpty()) return null
        val answer = parts.joinToString("; ") { (what, r) ->
            "$what: " + when (r.call(Ranking.MARGIN)) {
                Call.B_MORE -> "tuned sooner, ${Ranking.text(r)} the defaults' time"
                Call.A_MORE -> "defaults sooner, tuned takes ${Ranking.text(r)} their time"
                Call.NOT_TOLD_APART -> "not told apart, tuned / defaults ${Ranking.text(r)}"
            }
        }
        val promise = if (parts.none { it.first == "sends" }) "" else tuned.sendPromise?.takeIf { it == default.sendPromise }
            ?.let { " (sends both at the $it promise: tuned SQLite's WAL with synchronous=FULL, as the defaults sync every commit)" }
            ?: " (sends: tuned SQLite's WAL with synchronous=NORMAL against the defaults' FULL, not the same promise)"
        val figures = parts.joinToString("; ") { (what, r) -> "$what: tuned / defaults per block ${r.ratios.joinToString(", ") { Ranking.times(it) }}" } + promise +
            "; SQLITE_BUSY ${Format.count(default.busy)} with defaults, ${Format.count(tuned.busy)} tuned"
        return Verdict("What does tuning SQLite for a server (WAL, busy timeout, one writer) buy in read and send latency, in the duets' shared load?",
            answer, figures, ratios = parts.map { it.second })
    }

    private fun capacityVerdict(default: SqliteRow, tuned: SqliteRow): Verdict? {
        val parts = listOf(
            Triple("reads", default.readCapacity, tuned.readCapacity),
            Triple("sends", default.sendCapacity, tuned.sendCapacity),
        ).mapNotNull { (what, d, t) -> if (d == null || t == null) null else Triple(what, d, t) }
        if (parts.isEmpty()) return null
        val answer = parts.joinToString("; ") { (what, d, t) ->
            "$what: " + Verdict.highest(listOf(Verdict.Contender("tuned", t), Verdict.Contender("defaults", d)), Spread::capacityBelow)
        }
        val figures = parts.joinToString("; ") { (what, d, t) -> "$what: defaults ${Findings.rate(d)}, tuned ${Findings.rate(t)}" } +
            "; SQLITE_BUSY ${Format.count(default.busy)} with defaults, ${Format.count(tuned.busy)} tuned"
        return Verdict("What does tuning SQLite for a server (WAL, busy timeout, one writer) buy in read and send capacity?", answer, figures)
    }

    /** "tuned carries more" only beyond both spreads, as everywhere in the report. */
    private fun compare(what: String, default: Spread?, tuned: Spread?, show: (Spread) -> String, ladder: Boolean = true): String? {
        if (default == null || tuned == null) return null
        // A ladder's capacities are told apart beyond its resolution too; a measured throughput by its rounds alone.
        val below = { a: Spread, b: Spread -> if (ladder) a.capacityBelow(b) else a.clearlyBelow(b) }
        val verdict = when {
            below(default, tuned) -> "tuned carries more, beyond both spreads"
            below(tuned, default) -> "the driver's defaults carry more, beyond both spreads"
            else -> "no clear difference (${if (ladder) Findings.LADDER_TIE else "the rounds overlap or lie within 20 %"})"
        }
        return "SQLite $what: defaults ${show(default)}, tuned ${show(tuned)} — $verdict."
    }
}
