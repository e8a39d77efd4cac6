package chatlab.report

import chatlab.report.Findings.judged
import chatlab.report.method.Control
import chatlab.report.method.PairedRatio
import java.util.Locale

/**
 * One experiment's answer on the report's first screen: the question it asks, the answer (the winner and by how much,
 * or which it cannot tell apart), and the figures that answer rests on, each the median of rounds (or blocks) with the min–max.
 */
data class Verdict(
    val question: String,
    val answer: String,
    val figures: String,
    /** Where the verdict rests on paired blocks: each contender against the best, block by block. */
    val ratios: List<PairedRatio> = emptyList(),
    /** The experiment's A/A controls, which say whether its verdicts can be trusted in this run. */
    val controls: List<Control> = emptyList(),
) {

    /** One contender of a verdict: its name, the range it is judged on and how the figures show it. */
    data class Contender(val name: String, val judged: Spread, val shown: String = "")

    companion object {
        /**
         * The contender that carries the most: the one whose judged range lies above every other's and whose median exceeds
         * theirs by more than 20 % ([below] tells), and by how much it exceeds the next one's; or the top that these do not
         * tell apart, and who lies below.
         */
        fun highest(contenders: List<Contender>, below: (Spread, Spread) -> Boolean = Spread::crossingBelow): String {
            val ranked = contenders.sortedByDescending { it.judged.median }
            val best = ranked.firstOrNull() ?: return "nothing measured"
            if (ranked.size == 1) return "${best.name}, the only one measured"
            if (best.judged.rounds < 2) return "${best.name} highest in one round: not judged (a verdict needs the spread of several)"
            val tied = ranked.drop(1).filterNot { below(it.judged, best.judged) }
            val next = ranked[1]
            if (tied.isEmpty()) return "${best.name}, ${times(best.judged.median, next.judged.median)} ${next.name}, beyond every spread"
            return notToldApart(ranked, tied, "less")
        }

        /**
         * The contender with the lowest latency: the one whose judged range lies below every other's by more than JMeter's
         * 1 ms, with a median more than 20 % lower, and how many times as long the next takes; or the lowest not told apart,
         * and who takes longer.
         */
        fun lowest(contenders: List<Contender>): String {
            val ranked = contenders.sortedBy { it.judged.median }
            val best = ranked.firstOrNull() ?: return "nothing measured"
            if (ranked.size == 1) return "${best.name}, the only one measured"
            if (best.judged.rounds < 2) return "${best.name} lowest in one round: not judged (a verdict needs the spread of several)"
            val tied = ranked.drop(1).filterNot { best.judged.clearlyBelow(it.judged, Findings.RESOLUTION_MS) }
            val next = ranked[1]
            if (tied.isEmpty()) return "${best.name}; ${next.name} takes ${times(next.judged.median, best.judged.median)} as long, beyond every spread"
            return notToldApart(ranked, tied, "longer")
        }

        /** [ranked]'s first and the [tied] it cannot be told from, then the rest, who lie [behind] ("less", "longer"). */
        private fun notToldApart(ranked: List<Contender>, tied: List<Contender>, behind: String): String {
            val rest = ranked.drop(1) - tied.toSet()
            return "${(listOf(ranked.first()) + tied).joinToString(", ") { it.name }} not told apart" +
                if (rest.isEmpty()) "" else "; ${rest.joinToString(", ") { it.name }} $behind, beyond the spreads"
        }

        /** `1.4×` (how many times [a] is [b]), `about the same as` within 5 %. */
        fun times(a: Double, b: Double): String = when {
            b <= 0.0 -> "more than"
            a / b < 1.05 -> "about the same as"
            else -> String.format(Locale.ROOT, "%.1f×", a / b)
        }

        /**
         * Which of [paths] (a capacity ladder's) carries the most on real backends, judged where each round's p95 reached its
         * SLO; the figures name every path measured, the stand-in's marked ⚠, and the instrument's ceiling.
         */
        fun capacity(question: String, paths: List<CapacityPath>): Verdict? {
            val measured = paths.filterNot { it.instrument }
            if (measured.isEmpty()) return null
            val shown = measured.map { Contender(it.subject.key + if (it.standIn) " ⚠" else "", it.judged, Findings.judged(it.judged)) }
            val ceiling = paths.firstOrNull { it.instrument }?.let { "; instrument's ceiling ${Findings.rate(it.capacity)}" } ?: ""
            val real = measured.filterNot { it.standIn }.map { Contender(it.subject.key, it.judged) }
            return Verdict(question, if (real.isEmpty()) "only the stand-in measured: no verdict" else highest(real), figures(shown) + ceiling)
        }

        /** The figures cell: each contender as it is shown, in the order given. */
        fun figures(contenders: List<Contender>): String = contenders.joinToString("; ") { "${it.name} ${it.shown}" }
    }
}
