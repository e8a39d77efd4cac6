package chatlab.report

import chatlab.report.Findings.judged

/** The run's headline answers, printed first in the report and on the console: each read and send path's capacity and the chat mix. */
object Headlines {
    /** In order, each only when it ran: the read capacities, the chat mix, the send capacities. */
    fun of(c: Comparison): List<String> = listOfNotNull(
        capacityHeadline("Reads", c.readCapacity, c),
        mixHeadline(c),
        capacityHeadline("Sends", c.sendCapacity, c),
    )

    private fun capacityHeadline(what: String, paths: List<CapacityPath>, c: Comparison): String? {
        val ceiling = Findings.ceiling(paths)
        val measured = paths.filterNot { it.instrument }
        if (measured.isEmpty()) return null
        return "$what, capacity at p95 ≤ ${Format.ms(c.slo)} ms without errors (median of ${measured.maxOf { it.capacity.rounds }} rounds, min–max): " +
            measured.joinToString("; ") { "${it.subject.key} ${Findings.capacity(it, ceiling)}" + if (it.standIn) " ⚠" else "" } +
            (paths.firstOrNull { it.instrument }?.let { "; the instrument's ceiling ${Findings.capacity(it)}" } ?: "") + ". " + highest(measured.filterNot { it.standIn }, ceiling) +
            (cache(paths, ceiling)?.let { " $it" } ?: "")
    }

    /**
     * Where the Redis cache stands among the read paths on real backends when every page is in Redis (the warm ladder),
     * beside its cold figure, whose misses go to MongoDB (the stand-in's figure is marked as such).
     */
    private fun cache(paths: List<CapacityPath>, ceiling: CapacityPath?): String? {
        val warm = paths.firstOrNull { it.subject == Subjects.CACHE_WARM } ?: return null
        val others = paths.filterNot { it.instrument || it.standIn || it == warm }
        val above = others.filter { warm.judged.crossingBelow(it.judged) }
        val level = others.filter { it !in above && !it.judged.crossingBelow(warm.judged) }
        val hits = warm.steps.mapNotNull { it.cache }.minOfOrNull { it.share("hit") }
        val place = when {
            warm.atCeiling(ceiling) -> "at the instrument's ceiling, so this machine, not Redis, sets its figure"
            others.isEmpty() -> "the only read path on real backends measured"
            above.isEmpty() && level.isEmpty() -> "more than every other read path on real backends, beyond the spreads"
            above.isEmpty() -> "the most on real backends with ${level.joinToString { it.subject.key }}, not told apart"
            else -> "less than ${above.joinToString { it.subject.key }}, beyond the spreads" +
                if (level.isEmpty()) "" else "; level with ${level.joinToString { it.subject.key }}"
        }
        val cold = paths.firstOrNull { it.subject.key == "mongo-redis-keyset" }
            ?.let { " Cold, its misses going to ${it.backends.first()}: ${Findings.capacity(it, ceiling)}${if (it.standIn) " ⚠ (the stand-in's, not MongoDB's)" else ""}." } ?: ""
        return "The Redis cache, warm (every page in Redis${hits?.let { ", lowest step hit ratio ${Format.pct(it * 100)}" } ?: ""}): " +
            "${warm.subject.key} ${Findings.capacity(warm, ceiling)}, $place.$cold"
    }

    /**
     * The real-backend paths that carry the most: the one beyond every other's spread, or the top tier whose rounds
     * overlap the highest median's or lie within 20 % of it (named together, unranked), the paths clearly below them,
     * and where the tier stands against the instrument's ceiling.
     */
    private fun highest(real: List<CapacityPath>, ceiling: CapacityPath?): String {
        val best = real.maxByOrNull { it.judged.median } ?: return ""
        val others = real - best
        val atTop = real.filter { it.toppedRounds > 0 && it.capacity.max == best.capacity.max }
        val atCeiling = real.filter { it.atCeiling(ceiling) }
        val ceilingText = ceiling?.let { "the instrument's ceiling (${Findings.rate(it.capacity)}, the most this load generator and server carry together here)" }
        val top = real.filterNot { it.judged.crossingBelow(best.judged) }
        val below = (real - top.toSet()).takeIf { it.isNotEmpty() }
            ?.let { "; ${it.joinToString { p -> p.subject.key }} carr${if (it.size == 1) "ies" else "y"} less than ${best.subject.key}, beyond the spreads" } ?: ""
        val share = ceiling?.let { c -> top.mapNotNull { it.ofCeiling(c) }.takeIf { it.isNotEmpty() } }?.let { shares ->
            val range = listOf(shares.min(), shares.max()).map(Format::share).distinct().joinToString("–")
            "; at $range of the instrument's ceiling, so their stores, not this machine, set them"
        } ?: ""
        return when {
            others.isEmpty() -> if (best.atCeiling(ceiling)) "${best.subject.key} reaches $ceilingText." else ""
            atCeiling.size > 1 -> "${atCeiling.joinToString { it.subject.key }} reach $ceilingText: on this machine they are not told apart, " +
                "and their stores are not what limits them" + (real - atCeiling.toSet()).let { rest ->
                    if (rest.isEmpty()) "." else if (rest.all { b -> atCeiling.all { b.judged.crossingBelow(it.judged) } })
                        "; ${rest.joinToString { it.subject.key }} carry less, beyond the spreads." else "."
                }
            top.size == 1 -> "Highest on real backends, beyond every spread: ${best.subject.key} (p95 reached the SLO at ${Findings.judged(best.judged)}; " +
                "next ${others.maxBy { it.judged.median }.let { "${it.subject.key} at ${Findings.judged(it.judged)}" }})" +
                (if (best.atCeiling(ceiling)) ", at $ceilingText: the machine, not its store, sets its figure." else ".")
            atCeiling.size == 1 -> "${atCeiling.single().subject.key} reaches $ceilingText; no path carries more than every other beyond the spreads."
            atTop.size > 1 -> "No highest on real backends: ${atTop.joinToString { it.subject.key }} held the ladder's top, so the ladder, " +
                "not the store, set their figure (raise the ladder's rates to tell them apart)."
            else -> "Highest on real backends: ${top.sortedByDescending { it.judged.median }.joinToString { it.subject.key }}, not told apart " +
                "(${Findings.CAPACITY_TIE})$below$share."
        }
    }

    private fun mixHeadline(c: Comparison): String? {
        val all = c.mix.filter { it.kind == "all" }
        if (all.isEmpty()) return null
        return "Chat mix, p95 of every read (median of ${all.maxOf { it.measured.rounds.size }} rounds, min–max): " +
            all.joinToString("; ") { "${it.subject.key} ${Findings.ms(it.measured.spread { s -> s.p95 })}" + if (it.standIn) " ⚠" else "" } + "."
    }
}
