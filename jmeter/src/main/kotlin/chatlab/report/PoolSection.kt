package chatlab.report

import chatlab.report.document.Block
import chatlab.report.method.Control
import chatlab.report.method.PairedRatio
import chatlab.report.method.PairedRatio.Call
import chatlab.report.method.Ranking

/**
 * The pool experiment in the report: throughput and latency against the pool size for a database-bound read and a hot-row
 * write at fixed arrival rates, HikariCP's rule of thumb marked, the best size with its spread, the public sweep beside
 * ours, and every write step's audit.
 */
object PoolSection : ExperimentSection<PoolRow> {
    override val title = "Pool — the HikariCP pool size on this machine"
    override val barsTitle = "Pool: latency per size, median of blocks"

    /** A sweep's timeouts, 503s and cut requests are its error rate per size, the figure it measures. */
    override fun ownLoss(sample: Sample): Boolean = PoolRow.isLoad(sample.label) && sample.noAnswer

    override fun lossesNote(count: Long): String =
        "${Format.count(count)} pool-sweep samples timed out, got a 503 or were cut: the sweep's error rate per size, shown " +
            "in its table; they do not fail the run (a wrong answer or a broken audit does)."

    /** The public sweep: a 2-vCPU server offered 1,000 requests/s, average ms and TPS per maximumPoolSize. */
    data class PublicStep(val size: Int, val avgMs: Double, val tps: Double, val errors: Boolean)

    val PUBLIC = listOf(
        PublicStep(4, 3_042.0, 149.5, true), PublicStep(6, 2_632.0, 173.0, false), PublicStep(8, 1_783.0, 234.4, false),
        PublicStep(9, 1_660.0, 245.2, false), PublicStep(10, 1_896.0, 225.9, false),
    )

    /** HikariCP's rule of thumb with the data set in memory (effective spindles 0, as the seed fits MariaDB's buffer pool). */
    fun ruleOfThumb(cores: Int?): Int? = cores?.let { it * 2 }

    override fun explanation(settings: Map<String, String>): String =
        "In ${settings["poolBlocks"] ?: "?"} blocks per round, each running every size of ${settings["poolSizes"] ?: "?"} once, in an order " +
            "shuffled per block (seed ${settings["blockSeed"] ?: "?"}), and size ${settings["poolControl"]?.ifBlank { null } ?: "(none)"}'s " +
            "trial as a duet, each arrival drawing the size or, at random, its A/A twin: the ${settings["poolStore"] ?: "?"} pool is resized at run time (HikariCP's config " +
            "MXBean, PUT /api/v1/lab/pools/${settings["poolStore"] ?: "?"}), the server drains, then ${settings["poolReadRate"] ?: "?"} arrivals/s " +
            "read page ${settings["poolPage"] ?: "?"} of a room by offset (with its count: database-bound) and ${settings["poolWriteRate"] ?: "?"} " +
            "arrivals/s count a view on one hot row, ${settings["poolSeconds"] ?: "?"} s each (open model: latency from each arrival's intended " +
            "start). What still runs ${settings["poolTimeout"] ?: "?"} ms after the last arrival is cut; cut requests, timeouts and 503s " +
            "(no free connection within the pool's wait) make the error %. The audit after each write step: every acknowledged view " +
            "counted, none counted that was not sent. After the last size the pool goes back to its configured size (DELETE), so " +
            "the plans after it measure the server as configured. Each size is judged against the best by its average latency in the same blocks " +
            "(the ratio's 95 % interval over the blocks); the twin against its size is the control. HikariCP's rule of thumb is cores × 2 + effective spindles"

    override fun bars(rows: List<PoolRow>) = rows.map { Triple("${it.kind} size ${it.contender}", false, it.measured) }

    override fun charts(rows: List<PoolRow>): List<Block.Svg> {
        val rule = ruleOfThumb(rows.firstOrNull()?.cores)?.let { it.toDouble() to "rule of thumb: $it" }
        val kinds = rows.filterNot { it.twin }.groupBy { it.kind }.entries.toList() // the legend keeps to "read" and "write": the table names the paths
        fun line(i: Int, name: String, list: List<PoolRow>, figure: (Stats) -> Double) =
            SvgCharts.Line(name, SvgCharts.PALETTE[i % SvgCharts.PALETTE.size], list.map { it.size.toDouble() to it.measured.spread(figure).median })
        val p95 = "Pool: p95 against pool size (median of blocks)"
        val throughput = "Pool: throughput against pool size (median of blocks)"
        return listOf(
            Block.Svg(p95, SvgCharts.lines(p95, kinds.mapIndexed { i, (name, list) -> line(i, name, list) { it.p95 } },
                "maximumPoolSize", "p95 ms", null, rule) { a, b -> "size ${a.toInt()} → p95 ${Format.ms(b)} ms" }),
            Block.Svg(throughput, SvgCharts.lines(throughput, kinds.mapIndexed { i, (name, list) -> line(i, name, list) { it.throughput } },
                "maximumPoolSize", "requests/s", null, rule) { a, b -> "size ${a.toInt()} → ${Format.tps(b)}/s" }),
        )
    }

    override fun tables(rows: List<PoolRow>) = listOf(table(rows), publicTable(rows))

    fun table(rows: List<PoolRow>): Table {
        val rule = ruleOfThumb(rows.firstOrNull()?.cores)
        return Table(
            "Pool sweep (median of blocks, min–max; the A/A twin shares its size's trials, half the arrivals each)",
            listOf("path", "size", "TPS (min–max)", "avg ms (min–max)", "p50 ms", "p95 ms (min–max)", "p99 ms", "error % (min–max)", "failures by cause", "invariant"),
            rows.map { r ->
                val s = r.measured.median
                listOf(
                    "${r.kind} ${r.target}", r.contender + if (r.twin) " (A/A twin)" else if (r.size == rule) " (rule of thumb)" else "", Format.tps(r.measured.spread { it.throughput }),
                    Columns.spread(r.measured.spread { it.mean }), Format.ms(s.p50), Columns.spread(r.measured.spread { it.p95 }), Format.ms(s.p99), Format.pct(r.errorPct),
                    Audits.cell(r.failureCauses).ifEmpty { "–" }, r.audits?.invariant ?: "–",
                )
            },
            rows.map { false },
        )
    }

    fun publicTable(rows: List<PoolRow>): Table = Table(
        "Beside the public sweep (2 vCPU, 1,000 requests/s offered; ours: the read path at its fixed rate)",
        listOf("size", "public avg ms / TPS", "ours avg ms (min–max) / TPS (min–max)"),
        PUBLIC.map { p ->
            val ours = rows.firstOrNull { it.kind == "read" && it.size == p.size && !it.twin }
            listOf(
                p.size.toString(), "${Format.ms(p.avgMs)} / ${Format.tps(p.tps)}" + if (p.errors) " (with errors)" else "",
                ours?.let { "${Columns.spread(it.measured.spread { s -> s.mean })} / ${Format.tps(it.measured.spread { s -> s.throughput })}" } ?: "not run",
            )
        },
        PUBLIC.map { false },
    )

    /**
     * Per path, every size by its average latency per block, the public sweep's figure; the A/A twin is the control's,
     * not a contender. Per block the average moved least between identical halves of a trial: on the test command's
     * 60 arrivals a half, the twin planted 25 % slower read 0.97–1.47× its size by the average and 0.55–2.03× by the
     * p95. A timed-out or cut request counts at the time it was given up, so a size with failures is ranked too: over 6 blocks
     * of 150 reads, one timeout in one trial would otherwise drop a size from the verdict.
     */
    fun ranking(list: List<PoolRow>): Ranking? =
        Ranking.of(list.filter { !it.twin }.associate { it.contender to it.blocks.mapValues { (_, s) -> s.mean } }, lowerIsBetter = true,
            figure = "${list.firstOrNull()?.kind} avg")

    /** The sizes that failed in most of their trials' blocks (median error % above 0), with that median. */
    private fun failing(list: List<PoolRow>) = list.filter { !it.twin && it.errorPct.median > 0 }.map { "${it.contender} (${Format.pct(it.errorPct.median)})" }

    /** Per path, the control's twin against its size, on the average latency of the blocks both ran. */
    fun controls(rows: List<PoolRow>): List<Control> = rows.groupBy { it.kind }.mapNotNull { (kind, list) ->
        Control.twinOf("pool", "$kind avg", list.associate { r -> r.contender to r.blocks.mapValues { it.value.mean } })
    }

    private fun sizes(names: List<String>) = names.joinToString { it }

    override fun verdict(rows: List<PoolRow>): Verdict {
        val rule = ruleOfThumb(rows.firstOrNull()?.cores)
        val broken = rows.filter { it.audits?.broken == true }.map { it.contender }
        val byKind = rows.groupBy { it.kind }
        val rankings = byKind.mapValues { (_, list) -> ranking(list) }
        val answers = byKind.map { (kind, list) ->
            val failing = failing(list)
            val ranked = rankings[kind]
            "$kind, lowest avg: " + (if (ranked == null) "nothing measured" else answer(ranked)) +
                if (failing.isEmpty()) "" else " (failures, median error %, at ${sizes(failing)})"
        }
        val figures = byKind.map { (kind, list) -> "$kind avg ms: " + list.joinToString(", ") { "${it.contender}: ${Columns.spread(it.measured.spread { s -> s.mean })}" } }
        return Verdict("Which pool size serves database-bound reads and hot-row writes best on this machine" +
            (rule?.let { " (rule of thumb: $it)" } ?: "") + "?",
            answers.joinToString("; ") + if (broken.isEmpty()) "" else "; LOST UPDATES at sizes ${sizes(broken)}",
            figures.joinToString("; "),
            ratios = rankings.values.filterNotNull().flatMap { it.others },
            controls = controls(rows))
    }

    /** `size 8; not told apart: size 9 1.04× (0.95–1.15, 6 blocks); longer: size 2 3.10× (2.40–4.00, 6 blocks)`. */
    fun answer(r: Ranking): String {
        if (r.others.isEmpty()) return "size ${r.best}, the only size measured"
        fun list(names: List<String>) = r.others.filter { it.a in names }.sortedBy { it.a.substringBefore(' ').toInt() }.joinToString(", ") { "size ${it.a} ${Ranking.text(it)}" }
        return "size ${r.best}" + (if (r.tied.isEmpty()) ", below every other size" else "; not told apart: ${list(r.tied)}") +
            if (r.behind.isEmpty()) "" else "; longer: ${list(r.behind)}"
    }

    override fun findings(rows: List<PoolRow>): List<String> = buildList {
        val audits = rows.mapNotNull { it.audits }
        if (audits.isNotEmpty()) {
            add(if (audits.none { it.broken }) "Pool: no lost or extra update — every write step counted every view acknowledged and none that was not sent, in every audited trial."
                else "Pool: LOST OR EXTRA UPDATES at sizes ${rows.filter { it.audits?.broken == true }.joinToString { it.contender }}.")
        }
        val rule = ruleOfThumb(rows.firstOrNull()?.cores)
        for ((kind, list) in rows.groupBy { it.kind }) {
            val ranked = ranking(list)
            if (ranked == null) continue
            val best = list.first { it.contender == ranked.best }
            val failing = failing(list)
            val alike = listOf(ranked.best) + ranked.tied
            // Sizes the blocks do not tell apart are named together: which of them has the lowest median moves from run to run.
            val lowest = if (alike.size == 1) "lowest average at size ${ranked.best}, ${Columns.spread(best.measured.spread { it.mean })} ms, below every other size in the paired blocks"
                else "lowest average at sizes ${sizes(alike.sortedBy { it.substringBefore(' ').toInt() })}, not told apart (the lowest median ${Columns.spread(best.measured.spread { it.mean })} ms, at size ${ranked.best})"
            add(
                "Pool, $kind (${best.target}): $lowest" +
                    (if (ranked.behind.isNotEmpty()) "; clearly higher at sizes ${sizes(ranked.behind)}" else "") +
                    (if (failing.isNotEmpty()) "; failures in most blocks at sizes ${sizes(failing)}" else "") +
                    (rule?.let { r -> ". The rule of thumb ($r) " + if (r.toString() in alike) "is among the best sizes." else if (list.none { it.size == r }) "was not swept." else "is clearly worse than the best here." } ?: "."),
            )
        }
        val reads = rows.filter { it.kind == "read" && !it.twin }
        val nine = reads.firstOrNull { it.size == 9 }
        val ten = reads.firstOrNull { it.size == 10 }
        if (nine != null && ten != null && nine.blocks.keys.any { it in ten.blocks }) {
            val mean = PairedRatio.of("9", nine.blocks.mapValues { it.value.mean }, "10", ten.blocks.mapValues { it.value.mean })
            val ours = when (mean.call(Ranking.MARGIN)) { Call.B_MORE -> "held"; Call.A_MORE -> "reversed"; Call.NOT_TOLD_APART -> "no clear difference" }
            add("Pool, the public finding that 9 connections beat the default 10 (avg 1,660 vs 1,896 ms): $ours here " +
                "(reads avg ${Columns.spread(nine.measured.spread { it.mean })} vs ${Columns.spread(ten.measured.spread { it.mean })} ms; 9 / 10 ${Ranking.text(mean)}).")
        }
    }
}
