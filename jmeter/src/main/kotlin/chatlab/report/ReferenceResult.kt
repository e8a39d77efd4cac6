package chatlab.report

import chatlab.report.document.Block

/** The public write-up's table the history experiment reproduces: 100 threads, 50 s ramp, 150 loops, a laptop. */
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
        val ours = comparison.referenceOf(Subjects.GET)
        val base = LINES.first()
        return LINES.map { line ->
            Beside(line, line.avg / base.avg, line.tps / base.tps, ours.firstOrNull { it.subject.key == line.path })
        }
    }

    /** The public write-up beside our reference shape: why, and the table; then the cache's public line beside its warm capacity. */
    fun blocks(c: Comparison): List<Block> {
        val rows = beside(c)
        return referenceBlocks(c, rows) + warmBlocks(c)
    }

    /**
     * The seed's winning line beside the cache path measured warm: its public figure came from a warm cache (the write-up
     * read newest pages), which the warm ladder reproduces on real Redis, whatever serves MongoDB here.
     */
    private fun warmBlocks(c: Comparison): List<Block> {
        val warm = c.readCapacity.firstOrNull { it.subject == Subjects.CACHE_WARM } ?: return emptyList()
        val line = LINES.single { it.path == "mongo-redis-keyset" }
        val ceiling = Findings.ceiling(c.readCapacity)
        val step = warm.steps.filter { it.rate <= warm.capacity.median }.maxByOrNull { it.rate }
        val cpus = c.environment.machine["cpus"]?.let { "$it CPUs" } ?: "this machine"
        return listOf(
            Block.Text("The seed's winning path warm: the public ${Format.tps(line.tps)} TPS and ${Format.ms(line.avg)} / ${Format.ms(line.p95)} ms " +
                "came from 100 threads in a closed loop on a laptop; ours is the capacity shape's (arrivals per second held at p95 ≤ " +
                "${Format.ms(c.slo)} ms without errors) with every page in Redis, on $cpus that the server, its backends and JMeter share. " +
                "The instrument's ceiling (the server's cheapest authenticated answer) bounds every path here" +
                (ceiling?.let { ": ${Findings.rate(it.capacity)}." } ?: ".")),
            Table(
                "The cache path warm beside the public reference result",
                listOf("path", "public avg / p95 ms", "public TPS", "ours: capacity /s (min–max)", "of the ceiling", "ours: avg / p95 ms at the capacity step",
                    "cache hits at that step", "backends"),
                listOf(
                    listOf(line.title, "${Format.ms(line.avg)} / ${Format.ms(line.p95)}", Format.tps(line.tps), Findings.rate(warm.capacity),
                        warm.ofCeiling(ceiling)?.let { Format.share(it) + if (warm.atCeiling(ceiling)) " ◆" else "" } ?: "–",
                        step?.measured?.median?.let { "${Format.ms(it.mean)} / ${Format.ms(it.p95)} (at ${Format.rate(step.rate)}/s)" } ?: "–",
                        step?.cache?.let { Format.pct(it.share("hit") * 100) } ?: "–", warm.backends.joinToString(" + ")),
                ),
                listOf(warm.standIn),
            ),
        )
    }

    private fun referenceBlocks(c: Comparison, rows: List<Beside>): List<Block> {
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
