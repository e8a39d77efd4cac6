package chatlab.report.method

import chatlab.report.method.PairedRatio.Call

/**
 * A run's paired ratios against the previous like run's, pair by pair (the same experiment, figure and contenders, either
 * way round): whether the two intervals overlap, and whether a verdict reversed, one run telling A above B and the other
 * B above A. A reversal is the one change a user must not act on: at least one of the two runs called a difference that
 * was not there.
 */
data class RatioRepeat(val matches: List<Match>) {

    /** One pair both runs name, [before] turned to put [now]'s contender on top. */
    data class Match(val now: KeptRatio, val before: KeptRatio) {
        /** Each run told the pair apart, on opposite sides. */
        val reversed: Boolean
            get() = now.call != Call.NOT_TOLD_APART && before.call != Call.NOT_TOLD_APART && now.call != before.call

        /**
         * Whether the two intervals share a point (within the kept file's rounding); a ratio without an interval (too few
         * blocks) overlaps everything.
         */
        val overlap: Boolean
            get() {
                val (l1, h1) = (now.low ?: return true) to (now.high ?: return true)
                val (l2, h2) = (before.low ?: return true) to (before.high ?: return true)
                return l1 <= h2 * (1 + ROUNDING) && l2 <= h1 * (1 + ROUNDING)
            }

        fun text(): String = "${now.text()}, was ${Ranking.text(before.estimate, before.low, before.high, before.blocks)}"
    }

    val reversals: List<Match> get() = matches.filter { it.reversed }

    /** Pairs whose intervals do not overlap but did not reverse: the size of a difference moved beyond both intervals. */
    val moved: List<Match> get() = matches.filter { !it.overlap && !it.reversed }

    /** The first screen's lines: a count, then every reversal and every pair whose intervals lie apart. */
    fun lines(): List<Pair<String, Boolean>> {
        val verdicts = matches.count { !it.now.control }
        val controls = matches.size - verdicts
        val head = "Paired ratios against the previous like run: $verdicts verdict and $controls control pairs both runs name; " +
            "intervals overlap for ${matches.count { it.overlap }} of ${matches.size}; " +
            (if (reversals.isEmpty()) "no verdict reversed." else "${reversals.size} REVERSED (one run told A above B, the other B above A).")
        return listOf(head to reversals.isEmpty()) +
            reversals.map { "REVERSED: ${it.text()}" to false } +
            moved.map { "intervals apart: ${it.text()}" to true }
    }

    companion object {
        /** How far a kept ratio may lie from the one computed: `ratios.csv` keeps four decimals. */
        private const val ROUNDING = 1e-3

        /** The pairs of [now] that [before] names too; null when none does (no earlier run, or one that kept no ratios). */
        fun of(now: List<KeptRatio>, before: List<KeptRatio>): RatioRepeat? {
            val earlier = before.associateBy { it.key }
            val matches = now.mapNotNull { r -> earlier[r.key]?.let { Match(r, it.over(r.a)) } }
            return if (matches.isEmpty()) null else RatioRepeat(matches)
        }
    }
}
