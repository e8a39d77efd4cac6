package chatlab.report

/**
 * One figure over the rounds of a run: the median of the per-round values, with their min and max. Two figures
 * differ clearly only when their judged ranges do not overlap and their medians lie more than [RUN_TO_RUN] apart
 * ([clearlyBelow]); otherwise the run shows no clear difference. The judged range ([low]–[high]) is min–max over three
 * rounds; over [TRIMMED_FROM] or more it leaves out the best and the worst round, so one stalled round no longer decides
 * a verdict, and the range does not widen with every round added.
 */
data class Spread(
    val median: Double,
    val min: Double,
    val max: Double,
    val rounds: Int,
    val low: Double = min,
    val high: Double = max,
) {
    /** Whether the judged range is narrower than min–max (the best and the worst round left out). */
    val trimmed: Boolean get() = low != min || high != max

    /**
     * Below [other] with no overlap, by more than [margin] (e.g. the 1 ms JMeter resolves: 6 ms is not clearly below 7),
     * and by more than two like runs differ ([RUN_TO_RUN]): a difference the next run would not repeat is not called.
     */
    fun clearlyBelow(other: Spread, margin: Double = 0.0): Boolean = rangeBelow(other, margin) && median * (1 + RUN_TO_RUN) < other.median

    /** Below [other] by the judged ranges alone, by more than [margin]: one figure against the same figure of an earlier run. */
    fun rangeBelow(other: Spread, margin: Double = 0.0): Boolean = high + margin < other.low

    /**
     * As capacities, below [other] beyond what the ladder resolves: a round's capacity is the highest rate it held, and
     * its real limit lies below the next rate it ran, at most [LADDER_RESOLUTION] higher once refined. So this is below
     * only when even its best round's bracket ends under the other's worst round (two runs a rung apart then agree).
     */
    fun capacityBelow(other: Spread): Boolean = high * (1 + LADDER_RESOLUTION) < other.low

    /**
     * As crossings (where p95 reached the SLO), below [other] by the judged ranges alone. The ladder's 20 % ([capacityBelow])
     * does not apply: a crossing is interpolated inside the step a round missed, and the rounds bracket it on different
     * rungs (later rounds start near the earlier ones' capacity), so its error shows in the spread. With the 20 % added,
     * a difference of about 1.4× sat at the rule's edge: in two like main runs mysql's sends crossed at 454–543
     * and 492–534 (middle three of five rounds) against sqlite-tuned's 618–716 and 751–777, and the verdict flipped.
     */
    fun crossingBelow(other: Spread): Boolean = clearlyBelow(other)

    /** Every figure divided by [divisor] (a rate per room into a rate per sender, say). */
    fun div(divisor: Double) = Spread(median / divisor, min / divisor, max / divisor, rounds, low / divisor, high / divisor)

    companion object {
        /** The capacity ladder refines until the rate held and the rate missed lie within 20 % (open-model-schedules.groovy). */
        const val LADDER_RESOLUTION = 0.2

        /**
         * How far the median of two like main runs, one after the other on one machine, lies apart for one figure: within
         * 20 % for 12 or 13 of 16 capacities and 30 of 32 chat-mix p50s and p95s. Two paths whose three rounds just
         * separated in one run and just touched in the next, 1.1× to 1.2× apart (a counter's modes, a room of 500's p95
         * on two deployments), flipped their verdict; a difference within this share is therefore never called (and
         * [capacityBelow]'s rung already implies it).
         */
        const val RUN_TO_RUN = 0.2

        /** From this many rounds on, the judged range drops the best and the worst round. */
        const val TRIMMED_FROM = 5

        fun of(values: List<Double>): Spread? {
            if (values.isEmpty()) return null
            val sorted = values.sorted()
            val mid = sorted.size / 2
            val median = if (sorted.size % 2 == 1) sorted[mid] else (sorted[mid - 1] + sorted[mid]) / 2
            val trim = if (sorted.size >= TRIMMED_FROM) 1 else 0
            return Spread(median, sorted.first(), sorted.last(), sorted.size, sorted[trim], sorted[sorted.size - 1 - trim])
        }
    }
}

/** A sampler label measured in rounds: its statistics per round and, figure by figure, their median and range. */
data class Measured(val label: String, val rounds: List<Stats>) {
    /** Every figure's median over the rounds (each figure on its own, so it is not one round's line). */
    val median: Stats = Stats(
        samples = rounds.sumOf { it.samples },
        errors = rounds.sumOf { it.errors },
        errorPct = rounds.sumOf { it.errors } * 100.0 / rounds.sumOf { it.samples }.coerceAtLeast(1),
        mean = mid { it.mean }, min = mid { it.min }, p50 = mid { it.p50 }, p90 = mid { it.p90 }, p95 = mid { it.p95 },
        p99 = mid { it.p99 }, max = mid { it.max }, throughput = mid { it.throughput },
    )

    fun spread(figure: (Stats) -> Double): Spread = Spread.of(rounds.map(figure))!!

    private fun mid(figure: (Stats) -> Double) = Spread.of(rounds.map(figure))?.median ?: 0.0

    companion object {
        /** The samples of one label, split by round; rounds without a sample of the label do not count. */
        fun of(label: String, samples: List<Sample>): Measured =
            Measured(label, samples.groupBy { it.round }.toSortedMap().values.map { Stats.of(it) })
    }
}
