package chatlab.report

/** How the cached path answered, from the `cache` column: samples and median latency per outcome. */
data class CacheSplit(val counts: Map<String, Int>, val medians: Map<String, Double>) {
    val total get() = counts.values.sum()

    fun share(outcome: String): Double = if (total == 0) 0.0 else (counts[outcome] ?: 0).toDouble() / total
}

/** One line of a comparison table: a subject (read path or store) under one shape, with its dashboard numbers. */
data class Row(
    val subject: Subject,
    val shape: Shape,
    val label: String,
    val stats: Stats,
    val baseline: Stats?,
    val backends: List<String>,
    val standIn: Boolean,
    val cache: CacheSplit?,
    /** Reference shape: every thread ran all its loops, so throughput measured the ramp-up, not the server. */
    val finishedLoops: Boolean,
) {
    val avgRatio: Double? get() = baseline?.takeIf { it.mean > 0 }?.let { stats.mean / it.mean }
    val tpsRatio: Double? get() = baseline?.takeIf { it.throughput > 0 }?.let { stats.throughput / it.throughput }
}

/** Failed samples of one label and their most frequent reasons. */
data class Failure(val label: String, val count: Int, val reasons: List<Pair<String, Int>>)

/** A table per shape for each kind of sample the report compares. */
data class ShapeTables(val shape: Shape, val reads: List<Row>, val enters: List<Row>, val sends: List<Row>, val bareSends: List<Row>) {
    val isEmpty get() = reads.isEmpty() && enters.isEmpty() && sends.isEmpty()

    fun read(key: String) = reads.firstOrNull { it.subject.key == key }
}

/** Everything the report shows, computed once from the run's files. */
data class Comparison(
    val shapes: List<ShapeTables>,
    val failures: List<Failure>,
    val totalSamples: Long,
    val failedSamples: Long,
    /** Of [failedSamples], those with no answer (timeouts, 503) rather than a wrong one. */
    val unansweredSamples: Long,
    val environment: Environment,
    /** Per unit: time, CPU by process, idle start and drain, from the plans' `units.csv` (empty for runs without it). */
    val units: List<UnitAccount> = emptyList(),
) {
    val errorPct: Double get() = pct(failedSamples)
    val wrongSamples: Long get() = failedSamples - unansweredSamples

    fun pct(count: Long): Double = if (totalSamples == 0L) 0.0 else count * 100.0 / totalSamples
}
