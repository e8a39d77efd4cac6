package chatlab.report.method

import org.apache.commons.statistics.descriptive.Median
import org.apache.commons.statistics.inference.AlternativeHypothesis
import org.apache.commons.statistics.inference.PValueMethod
import org.apache.commons.statistics.inference.WilcoxonSignedRankTest
import kotlin.math.exp
import kotlin.math.ln

/**
 * One contender's figure against another's, block by block: in every block both ran close in time on the same machine,
 * so a block's ratio `a / b` holds what the host's drift did to both, and the spread of the ratios over the blocks is what
 * the comparison itself does not repeat. The estimate is the Hodges–Lehmann estimate of the blocks' log ratios (the
 * median of their pairwise means), the interval the distribution-free one that the Wilcoxon signed-rank test gives it
 * (Apache Commons Statistics; exact for the few dozen blocks a run holds), both turned back into ratios.
 */
data class PairedRatio(
    val a: String,
    val b: String,
    /** Each block's `a / b`, in block order. */
    val ratios: List<Double>,
    /** How many times [b]'s figure [a]'s is: the Hodges–Lehmann estimate. */
    val estimate: Double,
    /** The interval's ends; null when the blocks are too few for any interval at [level] (fewer than six at 95 %). */
    val low: Double?,
    val high: Double?,
    val level: Double,
    /** What is compared (`read avg`, `get chat messages avg`), so that a run's ratios can be matched with an earlier run's. */
    val figure: String = "",
) {
    val blocks: Int get() = ratios.size

    /**
     * What the blocks tell: [Call.A_MORE] when the interval lies above 1 and not wholly within the practical [margin]
     * (a share: 0.05 is 5 %) around it, [Call.B_MORE] likewise below, else [Call.NOT_TOLD_APART], as also when the blocks
     * are too few for an interval.
     */
    fun call(margin: Double): Call = call(low, high, margin)

    enum class Call { A_MORE, B_MORE, NOT_TOLD_APART }

    companion object {
        const val LEVEL = 0.95

        /** What an interval from [low] to [high] tells (see the member [call]). */
        fun call(low: Double?, high: Double?, margin: Double): Call {
            if (low == null || high == null) return Call.NOT_TOLD_APART
            val within = low >= 1 / (1 + margin) && high <= 1 + margin
            return when {
                within -> Call.NOT_TOLD_APART
                low > 1 -> Call.A_MORE
                high < 1 -> Call.B_MORE
                else -> Call.NOT_TOLD_APART
            }
        }

        /**
         * [a]'s and [b]'s figures of the same blocks (block → figure); blocks that only one ran, or where either figure is
         * not positive, are left out, since they pair with nothing.
         */
        fun of(a: String, aFigures: Map<Int, Double>, b: String, bFigures: Map<Int, Double>, level: Double = LEVEL, figure: String = ""): PairedRatio {
            val blocks = aFigures.keys.filter { it in bFigures }.sorted().filter { aFigures.getValue(it) > 0 && bFigures.getValue(it) > 0 }
            require(blocks.isNotEmpty()) { "$a and $b share no block with a figure for both" }
            val ratios = blocks.map { aFigures.getValue(it) / bFigures.getValue(it) }
            val logs = ratios.map { ln(it) }.toDoubleArray()
            val walsh = walshAverages(logs)
            val (low, high) = interval(logs, walsh, 1 - level) ?: (null to null)
            return PairedRatio(a, b, ratios, exp(Median.withDefaults().evaluate(walsh)), low?.let(::exp), high?.let(::exp), level, figure)
        }

        /** Every pairwise mean `(x_i + x_j) / 2`, `i ≤ j`, sorted: the points where the signed-rank statistic changes. */
        private fun walshAverages(x: DoubleArray): DoubleArray =
            x.indices.flatMap { i -> (i until x.size).map { j -> (x[i] + x[j]) / 2 } }.sorted().toDoubleArray()

        /**
         * The shifts the two-sided signed-rank test does not reject at [alpha]: the test is inverted over the gaps between
         * Walsh averages (its p-value is constant inside each gap), and the interval runs from the first accepted gap's
         * lower Walsh average to the last one's upper. Null when it accepts every shift (too few blocks).
         */
        private fun interval(x: DoubleArray, walsh: DoubleArray, alpha: Double): Pair<Double, Double>? {
            val test = WilcoxonSignedRankTest.withDefaults().with(AlternativeHypothesis.TWO_SIDED).with(PValueMethod.EXACT)
            val distinct = walsh.distinct()
            // Every block the same ratio: the interval is that ratio, if the blocks are enough to reject any other, i.e. if
            // the exact test's smallest two-sided p-value (every sign alike: 2 / 2^n) lies below alpha. (Testing a shift
            // would tie every rank, which sends the library to its normal approximation.)
            if (distinct.size == 1) return if (2.0 / Math.pow(2.0, x.size.toDouble()) < alpha) distinct[0] to distinct[0] else null
            val span = (distinct.last() - distinct.first()).coerceAtLeast(1e-9)
            val gaps = listOf(distinct.first() - span) + distinct.zipWithNext { l, u -> (l + u) / 2 } + listOf(distinct.last() + span)
            val accepted = gaps.indices.filter { test.withMu(gaps[it]).test(x).pValue >= alpha }
            if (accepted.isEmpty() || accepted.first() == 0 || accepted.last() == gaps.lastIndex) return null
            return distinct[accepted.first() - 1] to distinct[accepted.last()]
        }
    }
}
