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

/**
 * Statistics computed from the samples themselves, the same way for every label and round. JMeter times in whole
 * milliseconds, so percentiles are read from that histogram: a sample of k ms stands for the interval k ± 0.5 ms and
 * the percentile is interpolated inside the interval it falls in (as Prometheus' histogram_quantile reads buckets).
 * A p95 then moves by fractions of a millisecond as the share of slower samples moves, instead of jumping 3 → 4 ms.
 */
fun Stats.Companion.of(samples: List<Sample>): Stats {
    val times = samples.map { it.elapsed.toDouble() }.sorted()
    fun pct(p: Double) = percentile(times, p)
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

/** The [p] percentile of whole-millisecond [sorted] times, interpolated inside the ±0.5 ms interval each time stands for. */
fun percentile(sorted: List<Double>, p: Double): Double {
    if (sorted.isEmpty()) return 0.0
    val rank = p * sorted.size
    var below = 0
    var i = 0
    while (i < sorted.size) {
        val value = sorted[i]
        var same = 0
        while (i < sorted.size && sorted[i] == value) { same++; i++ }
        if (below + same >= rank) {
            val low = maxOf(value - 0.5, 0.0)
            return low + (value + 0.5 - low) * ((rank - below) / same).coerceIn(0.0, 1.0)
        }
        below += same
    }
    return sorted.last() + 0.5
}
