package chatlab.report

import chatlab.report.method.KeptRatio
import chatlab.report.method.RatioRepeat
import java.nio.file.Files
import java.nio.file.Path
import kotlin.math.abs

/**
 * Whether this run repeated the previous like run, as a user deciding on its figures needs to know: how many of its
 * judged figures (capacities and where p95 reached the SLO, p95s, TPS; measured in two rounds or more in both runs, not
 * on the stand-in) lie within ±[AGREEMENT] of the previous run's (p95s: or JMeter's 1 ms), which lie furthest, and
 * how many of the others moved beyond both runs' ranges (the ⚑ of the report's tables), and whether every experiment
 * gave the same verdict. Verdicts are compared by what they conclude ([conclusion]): who leads, who is not told apart
 * from whom and who lies behind, not by the ratio to the runner-up or the order within a tie.
 */
object RunRepeat {
    /** How far two like runs' figures may lie apart and still agree. */
    const val AGREEMENT = 0.2

    /** Beside every kept `summary.csv`: each experiment's answer, so that the next like run can compare its verdicts. */
    const val VERDICTS_FILE = "verdicts.csv"

    private val JUDGED = setOf(PreviousRun.CAPACITY, PreviousRun.CROSSING, "p95", "tps")
    private const val FACTOR = """(?:\d+(?:\.\d+)?×|more than|about the same as)"""

    /** "X, 1.4× Y, beyond every spread" ([Verdict.highest]) and "X; Y takes 1.4× as long, beyond every spread" ([Verdict.lowest]). */
    private val RUNNER_UP = listOf(Regex(""", $FACTOR [^,;]+, beyond every spread"""), Regex("""; [^;:]+ takes $FACTOR as long, beyond every spread"""))

    /** A paired ratio with its interval, ` 1.08× (0.97–1.21, 6 blocks)`: the figures of a verdict, not its conclusion. */
    private val RATIO = Regex(""" [0-9.]+× \([^)]*blocks[^)]*\)""")
    /** A blocked verdict's leader and the contenders not told apart from it ([chatlab.report.method.Ranking.answer]). */
    private val TIED_WITH_LEADER = Regex("""(?:^|(?<=; )|(?<=: ))([^;:]+); not told apart: ([^;]+)""")
    private val GROUP = Regex("""^(.+?)( not told apart| less, beyond the spreads| longer, beyond the spreads)$""")

    fun finding(c: Comparison): String? {
        val previous = c.previous ?: return null
        val pairs = Figures.of(c).filter(::judged).mapNotNull { now -> previous.figures[now.key]?.takeIf(::judged)?.let { now to it } }
        val verdicts = answers(c).mapNotNull { (name, now) -> previous.verdicts[name]?.let { Triple(name, it, now) } }
        if (pairs.isEmpty() && verdicts.isEmpty()) return null
        val apart = pairs.filterNot { (now, before) -> agrees(now, before) }
            .sortedByDescending { (now, before) -> distance(now.spread.median, before.spread.median) }
        val byKind = pairs.groupBy { kind(it.first) }.map { (kind, list) -> "$kind ${list.size - list.count { it in apart }} of ${list.size}" }
        val figures = if (pairs.isEmpty()) "no figure that both runs measured in two rounds or more" else
            "${pairs.size - apart.size} of ${pairs.size} judged figures within ±${Format.share(AGREEMENT)} of it (p95s: or 1 ms) — ${byKind.joinToString(", ")}" +
            (if (apart.isEmpty()) "" else outside(previous, apart) + "; furthest: " + apart.take(3).joinToString("; ") { (now, before) -> "${now.label} ${now.figure} ${moved(before, now)}" })
        val (same, changed) = verdicts.partition { (_, before, now) -> conclusion(before) == conclusion(now) }
        val named = if (same.isEmpty() || changed.isEmpty()) "" else same.joinToString(", ", " (", ")") { it.first }
        val answers = if (verdicts.isEmpty()) "the previous run kept no verdicts" else
            "verdicts the same in ${same.size} of ${verdicts.size} experiments$named" +
                changed.joinToString("") { (name, before, now) -> "; $name was “$before”, now “$now”" }
        return "Against the previous like run: $figures; $answers."
    }

    /** Each experiment's answer on the report's first screen, by experiment name. */
    fun answers(c: Comparison): List<Pair<String, String>> = Experiments.ALL.mapNotNull { e -> e.verdict(c)?.let { e.name to it.answer } }

    /** Every verdict's and every A/A control's paired ratio, as `ratios.csv` keeps them. */
    fun ratios(c: Comparison): List<KeptRatio> = Experiments.ALL.flatMap { e ->
        val v = e.verdict(c) ?: return@flatMap emptyList()
        v.ratios.map { KeptRatio.of(e.name, false, it) } + v.controls.map { KeptRatio.of(e.name, true, it.ratio.copy(figure = it.figure)) }
    }

    /** This run's ratios against the previous like run's; null without a previous run that kept ratios both runs name. */
    fun ratioRepeat(c: Comparison): RatioRepeat? = c.previous?.let { RatioRepeat.of(ratios(c), it.ratios) }

    fun render(answers: List<Pair<String, String>>): String = buildString {
        appendLine("experiment,answer")
        answers.forEach { (name, answer) -> appendLine("$name,\"${answer.replace("\"", "\"\"")}\"") }
    }

    /** The answers kept beside [summary] (a kept run's `summary.csv`); empty for a run that kept none. */
    fun read(summary: Path): Map<String, String> {
        val file = summary.resolveSibling(VERDICTS_FILE)
        if (!Files.isRegularFile(file)) return emptyMap()
        return Files.newBufferedReader(file).use { reader ->
            ResultsCsv.records(reader).drop(1).filter { it.size == 2 }.associate { it[0] to it[1] }
        }
    }

    /**
     * What a verdict's [answer] concludes: without the runner-up it names beside a clear leader (and its ratio), without
     * the paired ratios a blocked verdict gives each contender, a blocked verdict's leader and those not told apart from
     * it as one group (which of them led inside the tie is not a conclusion), and with the contenders of each group (not
     * told apart, less, longer) in one order.
     */
    fun conclusion(answer: String): String {
        val plain = RUNNER_UP.fold(answer) { text, runnerUp -> text.replace(runnerUp, ", beyond every spread") }.replace(RATIO, "")
            .replace(TIED_WITH_LEADER) { "${it.groupValues[1]}, ${it.groupValues[2]} not told apart" }
        val parts = plain.split(Regex("(?<=; )|(?<=: )"))
        return parts.mapIndexed { i, part ->
            val delimiter = part.takeLast(2).takeIf { it == "; " || it == ": " } ?: ""
            val body = part.removeSuffix(delimiter)
            val group = GROUP.find(body)
            when {
                group != null -> group.groupValues[1].split(", ").sorted().joinToString(", ") + group.groupValues[2] + delimiter
                // A blocked verdict's "longer: c, d": each told apart from the leader, not from one another (a list
                // with more said about it, the pool's failures, stays as it is).
                i > 0 && parts[i - 1] in BEHIND && '(' !in body -> body.split(", ").sorted().joinToString(", ") + delimiter
                else -> part
            }
        }.joinToString("")
    }

    /** The heads of a blocked verdict's list of contenders behind its leader ([chatlab.report.method.Ranking.answer]). */
    private val BEHIND = setOf("longer: ", "less: ")

    /**
     * How many of the figures outside ±[AGREEMENT] the report flags (⚑, [PreviousRun.change]): the two runs' ranges apart
     * (capacities: by more than a rung). The others moved no further than their own rounds spread, which each run's
     * min–max already said.
     */
    private fun outside(previous: PreviousRun, apart: List<Pair<Figure, Figure>>): String {
        val flagged = apart.count { (now, _) -> previous.change(now.section, now.label, now.figure, now.spread)?.beyondSpread == true }
        return when (flagged) {
            0 -> "; none of the ${apart.size} outside it lies beyond both runs' ranges (no ⚑)"
            apart.size -> "; all ${apart.size} outside it beyond both runs' ranges (⚑)"
            else -> "; $flagged of the ${apart.size} outside it beyond both runs' ranges (⚑), ${apart.size - flagged} within them"
        }
    }

    private fun judged(f: Figure) = !f.standIn && f.spread.rounds >= 2 && f.figure in JUDGED && !(f.section == "capacity" && f.figure == "p95")

    private fun kind(f: Figure) = when (f.figure) {
        PreviousRun.CAPACITY -> "capacities"
        PreviousRun.CROSSING -> "SLO crossings"
        "p95" -> "p95s"
        else -> "TPS"
    }

    private fun agrees(now: Figure, before: Figure): Boolean {
        val (a, b) = before.spread.median to now.spread.median
        if (now.figure == "p95" && abs(b - a) <= Findings.RESOLUTION_MS) return true
        return a == b || (a > 0 && abs(b - a) <= AGREEMENT * a)
    }

    private fun distance(now: Double, before: Double) = if (before > 0) abs(now / before - 1) else if (now > 0) Double.MAX_VALUE else 0.0

    private fun moved(before: Figure, now: Figure): String {
        val (a, b) = before.spread.median to now.spread.median
        return if (a > 0) Format.signedPct(b / a) + " (${num(a)} → ${num(b)})"
        else "${num(a)} → ${num(b)}"
    }

    private fun num(value: Double) = Format.rate(if (value >= 100) Math.rint(value) else Math.rint(value * 10) / 10)
}
