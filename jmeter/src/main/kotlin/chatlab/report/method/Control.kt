package chatlab.report.method

import chatlab.report.method.PairedRatio.Call

/**
 * An experiment's A/A control: one contender run twice in every block under two names, its twin against it
 * ([ratio]: twin / original, on the figure the experiment's verdict judges). Told apart, it says the method called a
 * difference where there is none, so the experiment's verdicts are not to be trusted in this run; unless the run
 * [planted] a difference in the twin (a share of its server time), which the control must then find, on the twin's
 * worse side.
 */
data class Control(
    val experiment: String,
    /** What is compared: `read p95`, `capacity`. */
    val figure: String,
    val ratio: PairedRatio,
    /** Whether a higher figure is worse (latency) rather than better (capacity). */
    val higherIsWorse: Boolean,
    /** The share the server slowed the twin's requests by (0: nothing planted). */
    val planted: Double = 0.0,
    /**
     * Why a planted delay cannot show in this control's figure, or null when it can: not in a closed loop at saturation
     * (a seats rush), where a delay that holds nothing others wait for takes the place of queueing instead of adding to
     * it ([RUSH]). Such a twin is never planted, and its control only has to hold.
     */
    val notPlanted: String? = null,
) {
    /** Whether a planted delay can show in this control's figure. */
    val plantable: Boolean get() = notPlanted == null

    companion object {
        /** The share a run planted, from its settings (`plantedShare`, settings.groovy); 0 when none. */
        /** Why a seats rush is never planted. */
        const val RUSH = "a rush at saturation hides a delay"

        fun plantedShare(settings: Map<String, String>): Double = settings["plantedShare"]?.toDoubleOrNull() ?: 0.0

        /**
         * The A/A twin among [figures] (contender → block → its figure there; the twin named `<contender> again`, [Trial.TWIN])
         * against its original on the blocks both ran, a latency-like [figure] where higher is worse; null without a twin,
         * its original or a block they share.
         */
        fun twinOf(experiment: String, figure: String, figures: Map<String, Map<Int, Double>>, planted: Double = 0.0, notPlanted: String? = null): Control? {
            val twin = figures.keys.firstOrNull { it.endsWith(Trial.TWIN) } ?: return null
            val original = figures[twin.removeSuffix(Trial.TWIN)] ?: return null
            val twinFigures = figures.getValue(twin)
            if (twinFigures.keys.none { it in original }) return null
            return Control(experiment, figure, PairedRatio.of(twin, twinFigures, twin.removeSuffix(Trial.TWIN), original, figure = figure),
                higherIsWorse = true, planted = if (notPlanted == null) planted else 0.0, notPlanted = notPlanted)
        }
    }

    val call: Call get() = ratio.call(Ranking.MARGIN)

    val toldApart: Boolean get() = call != Call.NOT_TOLD_APART

    /** The twin found worse, as planted. */
    val plantedFound: Boolean get() = call == (if (higherIsWorse) Call.A_MORE else Call.B_MORE)

    /** Whether this control lets the experiment's verdicts stand: not told apart, or the planted difference found. */
    val holds: Boolean get() = if (planted > 0) plantedFound else !toldApart

    fun sentence(): String {
        val what = "$experiment ${ratio.a} / ${ratio.b}, $figure: ${Ranking.text(ratio)}"
        val percent = Math.round(planted * 100)
        val unplanted = notPlanted?.let { " (no difference planted here: $it)" } ?: ""
        return when {
            planted > 0 && plantedFound -> "$what — the planted $percent % found"
            planted > 0 -> "$what — the planted $percent % NOT found: the method misses a difference of that size here"
            toldApart -> "$what$unplanted — TOLD APART: the method called a difference between identical contenders, so this run's $experiment verdicts are not to be trusted"
            else -> "$what — not told apart, as it should be$unplanted"
        }
    }
}
