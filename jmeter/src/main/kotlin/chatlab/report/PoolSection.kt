package chatlab.report

import chatlab.report.document.Block

/**
 * The pool experiment in the report: throughput and p95 against the pool size for a database-bound read and a hot-row
 * write at fixed arrival rates, HikariCP's rule of thumb marked, the best size with its spread, the public sweep beside
 * ours, and every write step's audit.
 */
object PoolSection : ExperimentSection<PoolRow> {
    override val title = "Pool — the HikariCP pool size on this machine"
    override val barsTitle = "Pool: latency per size, median of rounds"

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
        "For each size of ${settings["poolSizes"] ?: "?"}, the ${settings["poolStore"] ?: "?"} pool is resized at run time (HikariCP's config " +
            "MXBean, PUT /api/v1/lab/pools/${settings["poolStore"] ?: "?"}), the server drains, then ${settings["poolReadRate"] ?: "?"} arrivals/s " +
            "read page ${settings["poolPage"] ?: "?"} of a room by offset (with its count: database-bound) and ${settings["poolWriteRate"] ?: "?"} " +
            "arrivals/s count a view on one hot row, ${settings["poolSeconds"] ?: "?"} s each (open model: latency from each arrival's intended " +
            "start). What still runs ${settings["poolTimeout"] ?: "?"} ms after the last arrival is cut; cut requests, timeouts and 503s " +
            "(no free connection within the pool's wait) make the error %. The audit after each write step: every acknowledged view " +
            "counted, none counted that was not sent. After the last size the pool goes back to its configured size (DELETE), so " +
            "the plans after it measure the server as configured. HikariCP's rule of thumb is cores × 2 + effective spindles"

    override fun bars(rows: List<PoolRow>) = rows.map { Triple("${it.kind} size ${it.size}", false, it.measured) }

    override fun charts(rows: List<PoolRow>): List<Block.Svg> {
        val rule = ruleOfThumb(rows.firstOrNull()?.cores)?.let { it.toDouble() to "rule of thumb: $it" }
        val kinds = rows.groupBy { it.kind }.entries.toList() // the legend keeps to "read" and "write": the table names the paths
        fun line(i: Int, name: String, list: List<PoolRow>, figure: (Stats) -> Double) =
            SvgCharts.Line(name, SvgCharts.PALETTE[i % SvgCharts.PALETTE.size], list.map { it.size.toDouble() to it.measured.spread(figure).median })
        val p95 = "Pool: p95 against pool size (median of rounds)"
        val throughput = "Pool: throughput against pool size (median of rounds)"
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
            "Pool sweep (median of rounds, min–max)",
            listOf("path", "size", "TPS (min–max)", "avg ms", "p50 ms", "p95 ms (min–max)", "p99 ms", "error % (min–max)", "failures by cause", "invariant"),
            rows.map { r ->
                val s = r.measured.median
                listOf(
                    "${r.kind} ${r.target}", r.size.toString() + if (r.size == rule) " (rule of thumb)" else "", Format.tps(r.measured.spread { it.throughput }),
                    Format.ms(s.mean), Format.ms(s.p50), Columns.spread(r.measured.spread { it.p95 }), Format.ms(s.p99), Format.pct(r.errorPct),
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
            val ours = rows.firstOrNull { it.kind == "read" && it.size == p.size }
            listOf(
                p.size.toString(), "${Format.ms(p.avgMs)} / ${Format.tps(p.tps)}" + if (p.errors) " (with errors)" else "",
                ours?.let { "${Columns.spread(it.measured.spread { s -> s.mean })} / ${Format.tps(it.measured.spread { s -> s.throughput })}" } ?: "not run",
            )
        },
        PUBLIC.map { false },
    )

    override fun verdict(rows: List<PoolRow>): Verdict {
        val rule = ruleOfThumb(rows.firstOrNull()?.cores)
        val broken = rows.filter { it.audits?.broken == true }.map { it.size }
        val byKind = rows.groupBy { it.kind }
        val answers = byKind.map { (kind, list) ->
            val clean = list.filter { it.errorPct.max == 0.0 }.map { Verdict.Contender("size ${it.size}", it.measured.spread { s -> s.p95 }) }
            val failing = list.filter { it.errorPct.max > 0 }.map { it.size }
            "$kind, lowest p95: " + (if (clean.isEmpty()) "no size without failures" else Verdict.lowest(clean)) +
                if (failing.isEmpty()) "" else " (failures at ${failing.joinToString()})"
        }
        val figures = byKind.map { (kind, list) -> "$kind p95 ms: " + list.joinToString(", ") { "${it.size}: ${Columns.spread(it.measured.spread { s -> s.p95 })}" } }
        return Verdict("Which pool size serves database-bound reads and hot-row writes best on this machine" +
            (rule?.let { " (rule of thumb: $it)" } ?: "") + "?",
            answers.joinToString("; ") + if (broken.isEmpty()) "" else "; LOST UPDATES at sizes ${broken.joinToString()}",
            figures.joinToString("; "))
    }

    override fun findings(rows: List<PoolRow>): List<String> = buildList {
        val audits = rows.mapNotNull { it.audits }
        if (audits.isNotEmpty()) {
            add(if (audits.none { it.broken }) "Pool: no lost or extra update — every write step counted every view acknowledged and none that was not sent, in every audited round."
                else "Pool: LOST OR EXTRA UPDATES at sizes ${rows.filter { it.audits?.broken == true }.joinToString { it.size.toString() }}.")
        }
        val rule = ruleOfThumb(rows.firstOrNull()?.cores)
        for ((kind, list) in rows.groupBy { it.kind }) {
            val clean = list.filter { it.errorPct.max == 0.0 }
            val best = clean.minByOrNull { it.measured.spread { s -> s.p95 }.median }
            if (best == null) {
                add("Pool, $kind: every size had failures at this rate (see the error % column); no size carried it cleanly.")
                continue
            }
            val bestP95 = best.measured.spread { it.p95 }
            val alike = clean.filterNot { bestP95.clearlyBelow(it.measured.spread { s -> s.p95 }, Findings.RESOLUTION_MS) }.map { it.size }
            val higher = clean.map { it.size } - alike.toSet()
            val failing = list.filter { it.errorPct.max > 0 }.map { it.size }
            // Sizes the spreads do not tell apart (by more than JMeter's 1 ms, as every latency verdict) are named together:
            // which of them has the lowest median moves from run to run.
            val lowest = if (alike.size == 1) "lowest p95 at size ${best.size}, ${Columns.spread(bestP95)} ms, below every other size beyond the spreads"
                else "lowest p95 at sizes ${alike.joinToString()}, not told apart (the lowest median ${Columns.spread(bestP95)} ms, at size ${best.size})"
            add(
                "Pool, $kind (${best.target}): $lowest" +
                    (if (higher.isNotEmpty()) "; clearly higher at sizes ${higher.joinToString()}" else "") +
                    (if (failing.isNotEmpty()) "; failures at sizes ${failing.joinToString()}" else "") +
                    (rule?.let { r -> ". The rule of thumb ($r) " + if (r in alike) "is among the best sizes." else if (list.none { it.size == r }) "was not swept." else "is clearly worse than the best here." } ?: "."),
            )
        }
        val nine = rows.firstOrNull { it.kind == "read" && it.size == 9 }
        val ten = rows.firstOrNull { it.kind == "read" && it.size == 10 }
        if (nine != null && ten != null) {
            val a = nine.measured.spread { it.mean }
            val b = ten.measured.spread { it.mean }
            val ours = when { a.clearlyBelow(b, Findings.RESOLUTION_MS) -> "held"; b.clearlyBelow(a, Findings.RESOLUTION_MS) -> "reversed"; else -> "no clear difference" }
            add("Pool, the public finding that 9 connections beat the default 10 (avg 1,660 vs 1,896 ms): $ours here " +
                "(reads avg ${Columns.spread(a)} vs ${Columns.spread(b)} ms).")
        }
    }
}
