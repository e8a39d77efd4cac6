package chatlab.report

import java.util.Locale

/**
 * A latency gate on one sampler label, like a k6 threshold or a Gatling assertion:
 * `p95(get chat messages [mysql-keyset] capacity@200) < 20`. Figures are the medians over rounds: times in ms, `error%` in
 * percent, `tps` in samples per second.
 */
data class Threshold(val figure: String, val label: String, val operator: String, val limit: Double) {

    fun valueOf(stats: Stats): Double = when (figure) {
        "avg" -> stats.mean
        "min" -> stats.min
        "p50" -> stats.p50
        "p90" -> stats.p90
        "p95" -> stats.p95
        "p99" -> stats.p99
        "max" -> stats.max
        "error%" -> stats.errorPct
        "tps" -> stats.throughput
        else -> error("unknown figure $figure")
    }

    fun holds(value: Double): Boolean = when (operator) {
        "<" -> value < limit
        "<=" -> value <= limit
        ">" -> value > limit
        ">=" -> value >= limit
        else -> error("unknown operator $operator")
    }

    override fun toString() = "$figure($label) $operator ${number(limit)}"

    companion object {
        val FIGURES = listOf("avg", "min", "p50", "p90", "p95", "p99", "max", "error%", "tps")
        private val pattern = Regex("""^\s*(\w+%?)\((.+)\)\s*(<=|>=|<|>)\s*([0-9]+(?:\.[0-9]+)?)\s*$""")

        /** Gates separated by `;` or new lines; a malformed one is an error that says what is expected. */
        fun parseAll(spec: String?): List<Threshold> =
            spec.orEmpty().split(';', '\n').filter { it.isNotBlank() }.map { parse(it) }

        fun parse(text: String): Threshold {
            val match = pattern.matchEntire(text) ?: throw IllegalArgumentException(
                "latency gate '${text.trim()}' is not of the form figure(label) < number, e.g. p95(get chat messages [mysql-keyset] capacity@200) < 20",
            )
            val (figure, label, operator, limit) = match.destructured
            require(figure in FIGURES) { "latency gate '${text.trim()}': figure must be one of ${FIGURES.joinToString()}" }
            return Threshold(figure, label.trim(), operator, limit.toDouble())
        }

        fun number(value: Double): String = if (value == Math.rint(value)) String.format(Locale.ROOT, "%.0f", value) else value.toString()
    }
}

/** A gate against this run: the figure found for its label (null when no sample carries that label) and whether it held. */
data class ThresholdResult(val threshold: Threshold, val value: Double?) {
    val passed: Boolean get() = value != null && threshold.holds(value)

    val message: String
        get() = when {
            value == null -> "gate $threshold: no sample in this run is labelled '${threshold.label}' " +
                "(a misspelt label, or an experiment -Dexperiments left out: -Dchatlab.gates= sets the gates, and the smoke profile's are on history and sends)"
            else -> "gate ${threshold.figure}(${threshold.label}) = ${Threshold.number(Math.round(value * 100) / 100.0)}" +
                unit() + ", limit ${threshold.operator} ${Threshold.number(threshold.limit)}: " + if (passed) "held" else "FAILED"
        }

    private fun unit() = when (threshold.figure) {
        "error%" -> " %"
        "tps" -> "/s"
        else -> " ms"
    }

    companion object {
        fun check(thresholds: List<Threshold>, statistics: Map<String, Stats>): List<ThresholdResult> =
            thresholds.map { t -> ThresholdResult(t, statistics[t.label]?.let { t.valueOf(it) }) }
    }
}
