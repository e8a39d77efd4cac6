package chatlab.report

import chatlab.report.document.Block

/** The report's charts, each drawn by [SvgCharts] into a self-contained SVG the page shows inline. */
object Charts {
    /** Capacity: p95 against offered load, one line per path, the SLO marked. */
    fun capacity(
        title: String, paths: List<CapacityPath>, slo: Double, offered: String = "arrivals per second",
        name: (CapacityPath) -> String = { it.subject.key },
    ): Block.Svg {
        val lines = paths.mapIndexed { i, p ->
            // A rate that only one round ran (a refinement or bracket step) carries that round's level: joined to the
            // medians of the rates every round shares, it draws a zigzag that is the rounds' difference, not the path's.
            val (shared, single) = p.steps.partition { it.rounds > 1 || p.perRound.size == 1 }
            SvgCharts.Line(name(p) + if (p.standIn) " ⚠" else "", SvgCharts.PALETTE[i % SvgCharts.PALETTE.size],
                shared.map { it.rate to it.measured.spread { s -> s.p95 }.median }, dashed = p.standIn,
                loose = single.map { it.rate to it.measured.spread { s -> s.p95 }.median })
        }
        val chart = "$title: p95 against offered load (median of the rounds that ran each rate; hollow: one round)"
        return Block.Svg(chart, SvgCharts.lines(chart, lines, offered, "p95 ms", slo))
    }

    /** p50, p95 and p99 per path on a log scale; stand-in rows marked. Null without rows. */
    fun latencyBars(title: String, rows: List<Triple<String, Boolean, Measured>>): Block.Svg? {
        if (rows.isEmpty()) return null
        return Block.Svg(title, SvgCharts.bars(
            title, rows.map { it.first },
            listOf(
                SvgCharts.Series("p50", "#4e79a7", rows.map { it.third.median.p50 }),
                SvgCharts.Series("p95", "#f28e2b", rows.map { it.third.median.p95 }),
                SvgCharts.Series("p99", "#e15759", rows.map { it.third.median.p99 }),
            ),
            "ms", log = true, marked = rows.filter { it.second }.map { it.first }.toSet(),
        ))
    }
}
