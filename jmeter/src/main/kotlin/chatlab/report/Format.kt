package chatlab.report

import java.util.Locale

/** Number formatting shared by every output, so the HTML, Markdown and console agree digit for digit. */
object Format {
    fun ms(value: Double): String = when {
        value < 10 -> String.format(Locale.ROOT, "%.1f", value)
        else -> String.format(Locale.ROOT, "%,.0f", value)
    }

    fun tps(value: Double): String = String.format(Locale.ROOT, if (value < 10) "%.2f" else "%,.1f", value)

    /** An arrival rate: `25`, `12.5`. */
    fun rate(value: Double): String = if (value == Math.rint(value)) String.format(Locale.ROOT, "%,.0f", value) else String.format(Locale.ROOT, "%.1f", value)

    fun pct(value: Double): String = String.format(Locale.ROOT, "%.2f%%", value)

    /** A share in whole percent: `25 %` (capacities against the instrument's ceiling). */
    fun share(value: Double): String = String.format(Locale.ROOT, "%.0f %%", value * 100)

    /** Throughput over the rounds: `226.3 (171.4–298.4)`. */
    fun tps(s: Spread): String = "${tps(s.median)} (${tps(s.min)}–${tps(s.max)})"

    /** An arrival rate over the rounds: `400/s (200–800)`. */
    fun rate(s: Spread): String = "${rate(s.median)}/s (${rate(s.min)}–${rate(s.max)})"

    /** A percentage over the rounds: `0.00% (0.00%–1.20%)`. */
    fun pct(s: Spread): String = "${pct(s.median)} (${pct(s.min)}–${pct(s.max)})"

    fun count(value: Long): String = String.format(Locale.ROOT, "%,d", value)

    /** `×0.05` style ratio to the baseline. */
    fun ratio(value: Double?): String = when {
        value == null -> "–"
        value < 0.1 -> String.format(Locale.ROOT, "×%.3f", value)
        value < 10 -> String.format(Locale.ROOT, "×%.2f", value)
        else -> String.format(Locale.ROOT, "×%,.0f", value)
    }

    /**
     * A latency change as words: `12.3× faster`, `1.4× slower`, `about the same`; [clear] (the rounds lie apart) words a
     * change under 10 % as `6 % faster`, never as the same.
     */
    fun change(from: Double, to: Double, clear: Boolean = false): String {
        if (from <= 0 || to <= 0) return "not comparable"
        val factor = if (to < from) from / to else to / from
        return when {
            factor < 1.1 && clear -> String.format(Locale.ROOT, "%.0f %% %s", (factor - 1) * 100, if (to < from) "faster" else "slower")
            factor < 1.1 -> "about the same"
            to < from -> "${factor(factor)} faster"
            else -> "${factor(factor)} slower"
        }
    }

    /** A ratio as a signed change in percent: `+12 %`, `−30 %` (a true minus sign). */
    fun signedPct(ratio: Double): String = String.format(Locale.ROOT, "%+.0f %%", (ratio - 1) * 100).replace('-', '−')

    fun factor(value: Double): String =
        String.format(Locale.ROOT, if (value < 10) "%.1f×" else "%,.0f×", value)
}
