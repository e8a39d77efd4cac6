package chatlab.report

/** One label's figures in one round (or their medians over the rounds): times in ms, throughput in samples per second. */
data class Stats(
    val samples: Long,
    val errors: Long,
    val errorPct: Double,
    val mean: Double,
    val min: Double,
    val p50: Double,
    val p90: Double,
    val p95: Double,
    val p99: Double,
    val max: Double,
    val throughput: Double,
) {
    companion object
}

/** Statistics computed from the samples themselves (nearest-rank percentiles), the same way for every label and round. */
fun Stats.Companion.of(samples: List<Sample>): Stats {
    val times = samples.map { it.elapsed.toDouble() }.sorted()
    fun pct(p: Double) = if (times.isEmpty()) 0.0 else times[(Math.ceil(p * times.size).toInt() - 1).coerceIn(0, times.size - 1)]
    val errors = samples.count { !it.success }.toLong()
    val start = samples.minOfOrNull { it.timeStamp } ?: 0
    val end = samples.maxOfOrNull { it.timeStamp + it.elapsed } ?: 0
    val seconds = (end - start) / 1000.0
    return Stats(
        samples = samples.size.toLong(),
        errors = errors,
        errorPct = if (samples.isEmpty()) 0.0 else errors * 100.0 / samples.size,
        mean = if (times.isEmpty()) 0.0 else times.average(),
        min = times.firstOrNull() ?: 0.0,
        p50 = pct(0.50), p90 = pct(0.90), p95 = pct(0.95), p99 = pct(0.99),
        max = times.lastOrNull() ?: 0.0,
        throughput = if (seconds > 0) samples.size / seconds else 0.0,
    )
}
