package chatlab.report.method

import chatlab.report.method.PairedRatio.Call
import org.apache.commons.statistics.descriptive.Median
import java.util.Locale

/**
 * Contenders measured in the same blocks, ranked by one figure: the best (the lowest median over the blocks where lower
 * is better, the highest where higher is) and every other against it, block by block ([PairedRatio], other / best).
 */
data class Ranking(val best: String, val others: List<PairedRatio>, val lowerIsBetter: Boolean) {

    /** The others the blocks do not tell from the best. */
    val tied: List<String> get() = others.filter { it.call(MARGIN) == Call.NOT_TOLD_APART }.map { it.a }

    /** The others the blocks tell apart from the best, on its worse side. */
    val behind: List<String> get() = others.filter { it.call(MARGIN) == (if (lowerIsBetter) Call.A_MORE else Call.B_MORE) }.map { it.a }

    /**
     * `mysql-keyset; not told apart: …; longer: mysql-offset 2.10× (1.90–2.30, 12 blocks)`: the best, then the others by
     * what the blocks tell, each with its ratio to the best; [noun] names what is ranked (`path`, `strategy`).
     */
    fun answer(noun: String): String {
        if (others.isEmpty()) return "$best, the only $noun measured"
        fun list(names: List<String>) = others.filter { it.a in names }.joinToString(", ") { "${it.a} ${text(it)}" }
        val worse = if (lowerIsBetter) "longer" else "less"
        return best + (if (tied.isEmpty()) ", ${if (lowerIsBetter) "sooner" else "more"} than every other $noun" else "; not told apart: ${list(tied)}") +
            if (behind.isEmpty()) "" else "; $worse: ${list(behind)}"
    }

    companion object {
        /**
         * The practical margin: two contenders whose interval lies wholly within ±10 % are not told apart even when it
         * excludes 1. Below the 25 % planted difference every run must find, and below the 20 % two like runs' medians
         * differed by, which no capacity decision would act on.
         */
        const val MARGIN = 0.10

        /** [figures] (contender → block → [figure]) ranked; null when none has a figure. */
        fun of(figures: Map<String, Map<Int, Double>>, lowerIsBetter: Boolean, figure: String = ""): Ranking? {
            val medians = figures.filterValues { it.isNotEmpty() }.mapValues { (_, f) -> Median.withDefaults().evaluate(f.values.toDoubleArray()) }
            val best = (if (lowerIsBetter) medians.minByOrNull { it.value } else medians.maxByOrNull { it.value })?.key ?: return null
            val others = figures.keys.filter { it != best && figures.getValue(it).keys.any { b -> b in figures.getValue(best) } }
                .map { PairedRatio.of(it, figures.getValue(it), best, figures.getValue(best), figure = figure) }
                .sortedBy { if (lowerIsBetter) it.estimate else 1 / it.estimate }
            return Ranking(best, others, lowerIsBetter)
        }

        /** `1.08× (0.97–1.21, 6 blocks)`, or with too few blocks for an interval `1.08× (3 blocks: no interval)`. */
        fun text(r: PairedRatio): String = text(r.estimate, r.low, r.high, r.blocks)

        fun text(estimate: Double, low: Double?, high: Double?, blocks: Int): String {
            val interval = if (low == null || high == null) "$blocks blocks: too few for an interval"
            else "${times(low)}–${times(high)}, $blocks blocks"
            return "${times(estimate)}× ($interval)"
        }

        fun times(x: Double): String = String.format(Locale.ROOT, if (x >= 10) "%.0f" else "%.2f", x)
    }
}
