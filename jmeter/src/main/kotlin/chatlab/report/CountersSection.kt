package chatlab.report

/**
 * The counters' closed-loop units in the report: every store, mode and thread count with its failures by cause and its
 * audit, the public SQLite-vs-MySQL view counts beside ours, and what the rounds say (a difference only beyond both
 * spreads). The verdict rests on the duet ([CountersExperiment]); this one is for a run without it.
 */
object CountersSection : ExperimentSection<CounterRow> {
    const val TITLE = "Counters — a hot row against an append log, MySQL against SQLite"
    override val title = TITLE
    override val barsTitle = "Counters: latency of a view, median of rounds"

    override fun bars(rows: List<CounterRow>) = rows.map { Triple("${it.store} ${it.mode} ${it.shape}", false, it.measured) }

    override fun tables(rows: List<CounterRow>) = listOf(table(rows), publicTable(rows))

    /** The public test: 100,000 view counts on SQLite and MySQL at 10 and at 100 threads (100 pooled connections). */
    data class PublicLine(val threads: Int, val store: String, val tps: Double, val failures: Long)

    val PUBLIC = listOf(
        PublicLine(10, "sqlite", 2_845.0, 48), PublicLine(10, "mysql", 1_787.0, 0),
        PublicLine(100, "sqlite", 2_400.0, 821), PublicLine(100, "mysql", 3_256.0, 0),
    )

    override fun explanation(settings: Map<String, String>): String =
        "Beside the duet, per store (MySQL; SQLite with the driver's defaults; SQLite tuned: WAL, busy_timeout 5000, one writer) and " +
            "mode (counter: one hot row per room, incremented; log: one row per view), two closed-loop units in each full round, as the " +
            "public test ran them: ${settings["viewFewThreads"] ?: "?"} and ${settings["viewManyThreads"] ?: "?"} threads sharing " +
            "${settings["viewRequests"] ?: "?"} views (no think time). Pools: MySQL ${settings["mysqlPool"] ?: "?"} connections, SQLite " +
            "defaults ${settings["sqlitePool"] ?: "?"}, SQLite tuned 1 writer. After each unit the audit checks that the count equals the " +
            "views the server acknowledged (204); a 503 (SQLITE_BUSY, a lock or pool timeout) counts nothing and is listed by cause"

    fun table(rows: List<CounterRow>): Table = Table(
        "Counters: every view (median of rounds, min–max)",
        listOf("store", "mode", "load", "views", "TPS (min–max)", "avg ms", "p50 ms", "p95 ms (min–max)", "p99 ms", "failed", "failures by cause", "invariant"),
        rows.map { r ->
            val s = r.measured.median
            listOf(
                r.store, r.mode, "${r.threads} threads",
                Format.count(s.samples), Format.tps(r.measured.spread { it.throughput }), Format.ms(s.mean), Format.ms(s.p50),
                Columns.spread(r.measured.spread { it.p95 }), Format.ms(s.p99), Format.count(r.failed),
                Audits.cell(r.failureCauses), r.invariant,
            )
        },
        rows.map { false },
    )

    /** The public lines beside our counter-mode rows at the same thread count (closest of ours when the counts differ). */
    fun publicTable(rows: List<CounterRow>): Table {
        val lines = PUBLIC.map { p -> p to ours(rows, p) }
        return Table(
            "Beside the public test (100,000 view counts; at 100 threads, 100 pooled connections)",
            listOf("public", "public TPS / failures", "ours", "ours TPS (min–max) / failed of views"),
            lines.map { (p, o) ->
                listOf(
                    "${p.store}, ${p.threads} threads", "${Format.tps(p.tps)} / ${Format.count(p.failures)}",
                    o?.let { "${it.store} ${it.mode}, ${it.threads} threads" } ?: "not run",
                    o?.let { "${Format.tps(it.measured.spread { s -> s.throughput })} / ${Format.count(it.failed)} of ${Format.count(it.measured.median.samples)}" } ?: "–",
                )
            },
            lines.map { false },
        )
    }

    override fun findings(rows: List<CounterRow>): List<String> = buildList {
        if (rows.isEmpty()) return@buildList
        val broken = rows.filter { it.audits.broken }
        add(if (broken.isEmpty()) "Counters: no lost update — every unit's count equalled the views acknowledged, in every audited round."
            else "Counters: LOST OR EXTRA UPDATES in ${broken.joinToString { "${it.store} ${it.mode} ${it.shape} (${it.audits.problems.joinToString("; ")})" }}.")
        for (threads in PUBLIC.map { it.threads }.distinct()) {
            val sqlite = ours(rows, PUBLIC.first { it.threads == threads && it.store == "sqlite" }) ?: continue
            val mysql = ours(rows, PUBLIC.first { it.threads == threads && it.store == "mysql" }) ?: continue
            val public = PUBLIC.filter { it.threads == threads }.associateBy { it.store }
            val publicFaster = if (public.getValue("sqlite").tps > public.getValue("mysql").tps) "sqlite" else "mysql"
            val a = sqlite.measured.spread { it.throughput }
            val b = mysql.measured.spread { it.throughput }
            val oursFaster = when { b.clearlyBelow(a) -> "sqlite"; a.clearlyBelow(b) -> "mysql"; else -> null }
            val verdict = when (oursFaster) { null -> "no clear difference"; publicFaster -> "held"; else -> "reversed" }
            add("Counters at ${sqlite.threads} threads, the public finding that $publicFaster counts faster: $verdict " +
                "(sqlite ${Format.tps(a)}, mysql ${Format.tps(b)} TPS; SQLITE_BUSY ${Format.count(sqlite.busy)} here, ${Format.count(public.getValue("sqlite").failures)} there).")
        }
        val busy = rows.groupBy { it.store }.mapValues { (_, list) -> list.sumOf { it.busy } }
        if ("sqlite" in busy && "sqlite-tuned" in busy) {
            add("Counters: SQLITE_BUSY ${Format.count(busy.getValue("sqlite"))} times with the driver's defaults, ${Format.count(busy.getValue("sqlite-tuned"))} " +
                "tuned" + if (busy.getValue("sqlite") > 0 && busy.getValue("sqlite-tuned") == 0L) ": the tuning removed it." else ".")
        }
    }

    override fun verdict(rows: List<CounterRow>): Verdict {
        val broken = rows.filter { it.audits.broken }
        val safe = if (broken.isEmpty()) "no lost update in any store or mode"
            else "LOST OR EXTRA UPDATES: ${broken.joinToString { "${it.store} ${it.mode} ${it.shape}" }}"
        val most = rows.mapNotNull { it.threads }.maxOrNull()
        val crowd = rows.filter { it.threads == most }
        val tps = crowd.map { Verdict.Contender("${it.store} ${it.mode}", it.measured.spread { s -> s.throughput }, "${Format.tps(it.measured.spread { s -> s.throughput })} TPS") }
        val clean = tps.filter { t -> crowd.any { "${it.store} ${it.mode}" == t.name && it.failed == 0L && !it.audits.broken } }
        val refused = crowd.filter { it.failed > 0 }.joinToString { "${it.store} ${it.mode} ${Format.count(it.failed)}" }
        val fastest = if (clean.isEmpty()) "none without refusals" else Verdict.highest(clean, Spread::clearlyBelow)
        return Verdict("Which store and mode count every view, and which counts fastest at ${most ?: "?"} threads?",
            "$safe; fastest without refusals: $fastest" + if (refused.isEmpty()) "" else "; refused (503): $refused",
            Verdict.figures(tps))
    }

    /** Our counter-mode row at the public line's thread count, or at the nearest thread count we ran. */
    private fun ours(rows: List<CounterRow>, p: PublicLine): CounterRow? =
        rows.filter { it.store == p.store && it.mode == "counter" && it.threads != null }.minByOrNull { kotlin.math.abs(it.threads!! - p.threads) }
}
