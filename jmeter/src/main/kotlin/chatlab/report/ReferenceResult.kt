package chatlab.report

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
}
