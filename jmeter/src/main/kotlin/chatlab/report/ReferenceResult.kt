package chatlab.report

import chatlab.report.document.Block

/** The public write-up's table (DESIGN.md, "The reference result"): 100 threads, 50 s ramp, 150 loops, a laptop. */
object ReferenceResult {
    data class Line(val path: String, val title: String, val avg: Double, val p95: Double, val tps: Double)

    val LINES = listOf(
        Line("mysql-offset", "MySQL, offset pages with a count query", 592.0, 736.0, 132.7),
        Line("mongo-offset", "MongoDB, offset pages with a count", 396.0, 577.0, 176.0),
        Line("mongo-redis-keyset", "MongoDB + keyset + Redis cache", 2.0, 4.0, 981.8),
    )

    /** One public line beside ours (reference shape) with the ratio to the MySQL-offset baseline each implies. */
    data class Beside(val line: Line, val publicAvgRatio: Double, val publicTpsRatio: Double, val ours: Row?) {
        /** Whether our run points the same way as the public one (faster or slower than the baseline). */
        val verdict: String
            get() {
                val ratio = ours?.avgRatio ?: return "not measured"
                if (line.path == Subjects.BASELINE.key) return "baseline"
                val held = (ratio < 1) == (publicAvgRatio < 1)
                val standIn = if (ours.standIn) " (stand-in: not evidence about MongoDB)" else ""
                return (if (held) "held" else "reversed") + standIn
            }
    }

    fun beside(comparison: Comparison): List<Beside> {
        val ours = comparison.shapes.firstOrNull { it.shape == Shape.REFERENCE }
        val base = LINES.first()
        return LINES.map { line ->
            Beside(line, line.avg / base.avg, line.tps / base.tps, ours?.read(line.path))
        }
    }

    /** The public write-up beside our reference shape: why, and the table. */
    fun blocks(c: Comparison): List<Block> {
        val rows = beside(c)
        return listOf(
            Block.Text("Beside the public reference result: the public write-up (a laptop, 100 threads, 50 s ramp, 150 loops) against this run's " +
                "reference shape (medians of rounds). Ratios are to each run's own MySQL-offset line, so they compare conclusions, not machines; " +
                "the reference shape is not a basis for verdicts on its own."),
            Table(
                "Beside the public reference result",
                listOf("path", "public avg / p95 ms", "public TPS", "public avg vs baseline", "ours avg / p95 ms", "ours TPS", "ours avg vs baseline", "conclusion"),
                rows.map { b ->
                    val ours = b.ours?.stats
                    listOf(b.line.title, "${Format.ms(b.line.avg)} / ${Format.ms(b.line.p95)}", Format.tps(b.line.tps), Format.ratio(b.publicAvgRatio),
                        ours?.let { "${Format.ms(it.mean)} / ${Format.ms(it.p95)}" } ?: "–", ours?.let { Format.tps(it.throughput) } ?: "–", Format.ratio(b.ours?.avgRatio), b.verdict)
                },
                rows.map { it.ours?.standIn == true },
            ),
        )
    }
}
