package chatlab.report

import java.util.Locale

/**
 * Capacity paths whose capacity moved with the rounds rather than about a level: a server or deployment still warming (its
 * store and broker paths compiling, its heap settling) holds more in every round, a machine that slows holds less. Their
 * median is then a point on that curve, and another run lands elsewhere on it: a fan-out room of 10 on
 * relay-2 held 421 → 709 → 1,193 → 1,686 → 1,686 deliveries/s after a short first warm-up, its store write at 500–600/s
 * falling from 37 to 3.5 ms; the reads rose as well before their warm-up's second minute (jmeter README, *Isolation and rounds*).
 */
object CapacityDrift {
    /** The fewest rounds a drift is told from: with three, any order of three values is one of six. */
    const val MIN_ROUNDS = 4

    /** How closely the capacities follow the rounds' order (Spearman's rank correlation, ties ranked by their mean). */
    const val MIN_CORRELATION = 0.8

    /** How far the last two rounds lie from the first two, as a ratio of their means: beyond the ladder's 20 % and a rung. */
    const val MIN_RATIO = 1.3

    /** Per round, in round order: +1 when the capacities rose with the rounds, -1 when they fell, 0 when neither. */
    fun direction(perRound: List<Double>): Int {
        if (perRound.size < MIN_ROUNDS) return 0
        val rho = withRoundOrder(perRound)
        val first = perRound.take(2).average()
        val last = perRound.takeLast(2).average()
        return when {
            rho >= MIN_CORRELATION && last >= MIN_RATIO * first -> 1
            rho <= -MIN_CORRELATION && first >= MIN_RATIO * last -> -1
            else -> 0
        }
    }

    /**
     * A warm-up a path's experiment can lengthen, named in a rise's finding, and the one that warms a later round's new JMeter
     * process, named in a fall's (null where the experiment has none of its own).
     */
    data class Shape(val what: String, val unit: String, val warmUp: String, val roundWarmUp: String? = null)

    val FANOUT = Shape("Fan-out", "deliveries/s", "fanoutFirstWarmUpSeconds, fanoutRoundWarmUpSeconds, fanoutWarmUpRate", "fanoutRoundWarmUpSeconds")
    val READS = Shape("Reads", "reads/s", "warmUpPeakSeconds, warmUpPeak")
    val SENDS = Shape("Sends", "sends/s", "warmUpPeakSeconds, warmUpPeak, warmUpSends")

    /**
     * A line per path whose capacity rose or fell with the rounds. A fall names the machine check's [probe] round by round
     * (MachineCheck.probePerRound) when the run has one for every round: a machine that slowed shows there, a colder
     * load generator does not.
     */
    fun findings(paths: List<CapacityPath>, shape: Shape, probe: List<Double> = emptyList()): List<String> = paths.mapNotNull { path ->
        val direction = direction(path.perRound)
        if (direction == 0) return@mapNotNull null
        val rounds = path.perRound.joinToString(" → ") { Format.rate(it) }
        "${shape.what}, ${path.subject.key}: its capacity ${if (direction > 0) "rose" else "fell"} with the rounds ($rounds ${shape.unit}, rounds 1–" +
            "${path.perRound.size}), not about one level: " + if (direction > 0)
            "what it ran on was most likely still warming, so its median is a point on that curve, and another run may land elsewhere on it. " +
                "Compare it with other runs only as warm as this one, or warm it longer first (${shape.warmUp})."
        else "each round runs its plan afresh, and either a later round's load generator ran colder than round 1's " +
            "or the machine slowed over the run (or something else ran on it)" + probed(probe, path.perRound.size) +
            "; its median depends on when it ran, so compare it with care" + (shape.roundWarmUp?.let { ", or warm each later round longer first ($it)." } ?: ".")
    }

    /** The machine check's probe over the path's rounds, when it has every one of them. */
    private fun probed(probe: List<Double>, rounds: Int): String =
        if (probe.size < rounds) "" else " (the machine check's probe, a fixed piece of CPU work, took " +
            probe.take(rounds).joinToString(" → ") { String.format(Locale.ROOT, "%.1f", it) } + " ms in those rounds)"

    /** Spearman's rank correlation of [values] with their rounds' order (the rounds are ranks already: 1, 2, ... without ties). */
    private fun withRoundOrder(values: List<Double>): Double {
        val ranks = ranks(values)
        val mean = (values.size + 1) / 2.0
        val cov = ranks.indices.sumOf { (it + 1 - mean) * (ranks[it] - mean) }
        val vRounds = ranks.indices.sumOf { (it + 1 - mean) * (it + 1 - mean) }
        val vRanks = ranks.sumOf { (it - mean) * (it - mean) }
        return if (vRanks == 0.0) 0.0 else cov / Math.sqrt(vRounds * vRanks)
    }

    /** Ranks from 1, ties sharing the mean of their places. */
    private fun ranks(values: List<Double>): List<Double> {
        val order = values.indices.sortedBy { values[it] }
        val ranks = DoubleArray(values.size)
        var i = 0
        while (i < order.size) {
            var j = i
            while (j + 1 < order.size && values[order[j + 1]] == values[order[i]]) j++
            for (k in i..j) ranks[order[k]] = (i + j) / 2.0 + 1
            i = j + 1
        }
        return ranks.toList()
    }
}
