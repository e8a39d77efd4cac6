package chatlab.report

/** "What this run says": sentences computed from the figures and their spreads over the rounds, never canned. */
object Findings {
    private data class Factor(val name: String, val from: String, val to: String)

    private val factors = listOf(
        Factor("Store, offset pages", "mysql-offset", "mongo-offset"),
        Factor("Store, keyset pages", "mysql-keyset", "mongo-keyset"),
        Factor("Pagination on MySQL", "mysql-offset", "mysql-keyset"),
        Factor("Pagination on MongoDB", "mongo-offset", "mongo-keyset"),
        Factor("Redis cache on MongoDB keyset", "mongo-keyset", "mongo-redis-keyset"),
        Factor("Store, keyset pages, MySQL against tuned SQLite", "mysql-keyset", "sqlite-tuned-keyset"),
        Factor("SQLite tuning, keyset pages", "sqlite-keyset", "sqlite-tuned-keyset"),
    )

    /** Send stores compared pairwise, when both ran. */
    private val sendPairs = listOf("mysql" to "mongo", "mysql" to "sqlite-tuned", "sqlite" to "sqlite-tuned")

    /** Every finding of the chat plans: history's, sends' and the run's own. */
    fun of(c: Comparison): List<String> = history(c) + sends(c) + run(c)

    /** What the history reads say: each factor's capacity and chat-mix change, the cache, the reference shape's stability, a drift. */
    fun history(c: Comparison): List<String> = buildList {
        for (factor in factors) {
            val from = c.readCapacity.firstOrNull { it.subject.key == factor.from }
            val to = c.readCapacity.firstOrNull { it.subject.key == factor.to }
            if (from != null && to != null) {
                add("Capacity — ${factor.name} (${factor.from} → ${factor.to}): " + compareCapacity(from, to, ceiling(c.readCapacity)))
            }
            val mixFrom = c.mix.firstOrNull { it.subject.key == factor.from && it.kind == "all" }
            val mixTo = c.mix.firstOrNull { it.subject.key == factor.to && it.kind == "all" }
            if (mixFrom != null && mixTo != null) {
                add("Chat mix — ${factor.name}: p95 " + compareLatency(mixFrom.measured.spread { it.p95 }, mixTo.measured.spread { it.p95 }) +
                    caveat(mixFrom.standIn || mixTo.standIn))
            }
        }
        c.mix.filter { it.kind == "all" && it.cache != null }.forEach { add(cacheSentence(it, c)) }
        warmCache(c)?.let { add(it) }
        referenceStability(c)?.let { add(it) }
        addAll(CapacityDrift.findings(c.readCapacity, CapacityDrift.READS, MachineCheck.probePerRound(c)))
    }

    /** What the sends say: the send stores' capacities, pairwise, and any that moved with the rounds. */
    fun sends(c: Comparison): List<String> = buildList {
        for ((a, b) in sendPairs) {
            val from = c.sendCapacity.firstOrNull { it.subject.key == a } ?: continue
            val to = c.sendCapacity.firstOrNull { it.subject.key == b } ?: continue
            add("Sends — capacity $a → $b: " + compareCapacity(from, to, ceiling(c.sendCapacity)))
        }
        addAll(CapacityDrift.findings(c.sendCapacity, CapacityDrift.SENDS, MachineCheck.probePerRound(c)))
    }

    /** What the whole run says: failures, the losses it counts apart, and whether it repeated the previous like run. */
    fun run(c: Comparison): List<String> = buildList {
        if (c.failedSamples > 0) {
            val worst = c.countedFailures.firstOrNull() ?: c.failures.first()
            add("${Format.count(c.failedSamples)} of ${Format.count(c.totalSamples)} samples failed outside the capacity steps' overload " +
                "(${Format.pct(c.errorPct)}); most in \"${worst.label}\": ${worst.reasons.first().first}.")
        }
        if (c.wrongAnswers.isNotEmpty()) {
            add("Wrong answers, which fail the run: " + c.wrongAnswers.take(3).joinToString("; ") { f ->
                "${Format.count(f.count.toLong())} in \"${f.label}\" (${f.reasons.first().first})"
            } + (if (c.wrongAnswers.size > 3) "; and in ${c.wrongAnswers.size - 3} more labels (the table of failed samples)." else "."))
        }
        if (c.overloadSamples > 0) {
            add("${Format.count(c.overloadSamples)} samples timed out, got a 503 or were cut at a step's end in capacity steps beyond a path's " +
                "capacity: the overload the ladder looks for; they do not fail the run.")
        }
        c.ownLosses.forEach { (name, count) -> Experiments.ALL.firstOrNull { it.name == name }?.let { add(it.lossesNote(count)) } }
        if (c.warmUpLosses > 0) {
            add("${Format.count(c.warmUpLosses)} warm-up samples timed out, got a 503 or were cut when the warm-up ended: the cold server " +
                "the warm-up is there to absorb; unmeasured, they do not fail the run (a wrong answer in the warm-up does).")
        }
        RunRepeat.finding(c)?.let { add(it) }
    }

    private fun compareCapacity(from: CapacityPath, to: CapacityPath, ceiling: CapacityPath?): String {
        val a = from.judged
        val b = to.judged
        val verdict = when {
            oneRound(a, b) -> "not judged (${judged(a)} vs ${judged(b)}: $NEEDS_ROUNDS, and one of them ran one)"
            a.crossingBelow(b) -> "${to.subject.key} carries more (p95 reached the SLO at ${judged(b)} vs ${judged(a)}), beyond both spreads"
            b.crossingBelow(a) -> "${from.subject.key} carries more (p95 reached the SLO at ${judged(a)} vs ${judged(b)}), beyond both spreads"
            from.atCeiling(ceiling) && to.atCeiling(ceiling) -> "no clear difference (${rate(a)} vs ${rate(b)}): both reach the instrument's " +
                "ceiling (${rate(ceiling!!.capacity)}), so this machine, not the stores, sets both figures"
            from.toppedRounds > 0 && to.toppedRounds > 0 -> "no clear difference (${capacity(from)} vs ${capacity(to)}: both held the ladder's top, " +
                "so the ladder set both figures)"
            else -> "no clear difference (${judged(a)} vs ${judged(b)}: $CAPACITY_TIE)"
        }
        return verdict + "." + caveat(from.standIn || to.standIn)
    }

    /** "12 ms (10–14) → 3.1 ms (2.9–3.3): 3.9× faster, beyond both spreads" or "…: no clear difference". */
    fun compareLatency(a: Spread, b: Spread): String {
        val verdict = when {
            oneRound(a, b) -> "${Format.change(a.median, b.median)} in one round, not judged ($NEEDS_ROUNDS)"
            b.clearlyBelow(a, RESOLUTION_MS) || a.clearlyBelow(b, RESOLUTION_MS) -> "${Format.change(a.median, b.median, clear = true)}, beyond both spreads"
            else -> "no clear difference (the rounds overlap, or lie within 20 % or JMeter's 1 ms of each other)"
        }
        return "${ms(a)} → ${ms(b)}: $verdict."
    }

    /** One round has no spread to lie beyond (the stand-in's paths run in round 1 only): two runs flipped such verdicts. */
    private fun oneRound(a: Spread, b: Spread) = a.rounds < 2 || b.rounds < 2

    private const val NEEDS_ROUNDS = "a verdict needs the spread of several rounds"

    private fun caveat(standIn: Boolean) =
        if (standIn) " MongoDB here is the in-memory stand-in, which scans every document: this says nothing about real MongoDB." else ""

    /** Whether the warm ladder measured what it says: every step's reads hit the cache ([WARM_HITS] or more of them). */
    private fun warmCache(c: Comparison): String? {
        val warm = c.readCapacity.firstOrNull { it.subject == Subjects.CACHE_WARM } ?: return null
        val steps = warm.steps.filter { it.cache != null }
        if (steps.isEmpty()) return "${warm.subject.key}: its reads carried no cache outcome, so what they measured is not known."
        val low = steps.filter { it.cache!!.share("hit") < WARM_HITS }
        val range = steps.map { it.cache!!.share("hit") * 100 }.let { "${Format.pct(it.min())}–${Format.pct(it.max())}" }
        return if (low.isEmpty()) "${warm.subject.key}: every step's reads were cache hits on ${Format.pct(WARM_HITS * 100)} or more of them ($range " +
            "over ${steps.size} steps), so its capacity is Redis's and the server's, not MongoDB's."
        else "⚠ ${warm.subject.key}: ${low.size} of ${steps.size} steps hit the cache on fewer than ${Format.pct(WARM_HITS * 100)} of their reads " +
            "(${low.joinToString { "${Format.rate(it.rate)}/s ${Format.pct(it.cache!!.share("hit") * 100)}" }}): their misses went to MongoDB, " +
            "so they did not measure the cache alone (see the plan's \"fill the cache\" sample)."
    }

    /** The share of a warm step's reads that must be hits for it to measure the cache alone. */
    const val WARM_HITS = 0.99

    private fun cacheSentence(row: MixRow, c: Comparison): String {
        val split = row.cache!!
        val hit = split.medians["hit"]
        val slow = listOfNotNull(split.medians["miss"], split.medians["partial"]).maxOrNull()
        val perKind = c.mix.filter { it.subject == row.subject && it.kind != "all" && it.cache != null }
            .joinToString(", ") { "${it.kind} ${Format.pct(it.cache!!.share("hit") * 100)}" }
        return "Chat mix on ${row.subject.key}: the cache answered ${Format.pct(split.share("hit") * 100)} of ${Format.count(split.total.toLong())} reads " +
            "on its own ($perKind; partial ${Format.pct(split.share("partial") * 100)}, miss ${Format.pct(split.share("miss") * 100)})" +
            (if (hit != null && slow != null) "; median ${Format.ms(hit)} ms when Redis held the page, ${Format.ms(slow)} ms when MongoDB filled it." else ".")
    }

    /** Whether the reference shape gave the same answer in every round; it is metastable, so this is the honest check. */
    private fun referenceStability(c: Comparison): String? {
        val rows = (c.referenceOf(Subjects.GET) + c.referenceOf(Subjects.SEND_TO_DELIVERY)).filterNot { it.standIn }
        if (rows.isEmpty() || rows.maxOf { it.measured.rounds.size } < 2) return null
        val unstable = rows.filter { it.measured.spread { s -> s.p95 }.let { s -> s.min > 0 && s.max / s.min > 1.5 } }
        return if (unstable.isEmpty()) "Reference shape: every non-stand-in row's p95 stayed within 1.5× across its rounds."
        else "Reference shape is unstable here, as expected of a closed model on a small machine: p95 across rounds " +
            unstable.joinToString("; ") { "${it.subject.key} ${ms(it.measured.spread { s -> s.p95 })}" } + ". Draw no conclusion from it alone."
    }

    fun ms(s: Spread) = "${Format.ms(s.median)} ms (${Format.ms(s.min)}–${Format.ms(s.max)})"

    /** Why two capacities are not told apart: where p95 reached the SLO, their judged rounds overlap or lie within 20 %. */
    const val CAPACITY_TIE = "where p95 reached the SLO, their rounds overlap or their medians lie within 20 % (of five rounds or more: all but the best and the worst)"

    /** Why two capacities judged on the rungs held are not told apart (the SQLite section's side-by-side). */
    const val LADDER_TIE = "their rounds overlap or lie within the ladder's 20 % of each other"

    /**
     * What capacity verdicts are drawn on: where p95 reached the SLO, interpolated inside the step that missed, rather than
     * the highest rung held. The rung is quantized to the ladder's ×1.2 steps, so one round a rung lower moves a path's
     * range by 20 % at once: two consecutive main runs printed different send verdicts from it (mysql 269–453 against
     * sqlite-tuned 538–640 tied by 1 %, then 269–381 against 538–639 did not), while their crossings agreed.
     */
    internal val CapacityPath.judged: Spread get() = crossing

    /** JMeter times samples in whole milliseconds: latency ranges this close are not told apart. */
    const val RESOLUTION_MS = 1.0

    /**
     * The instrument's path, when it found its limit in every round: one that held the ladder's top measured the ladder,
     * not the machine, and is no ceiling to place other paths against.
     */
    fun ceiling(paths: List<CapacityPath>): CapacityPath? = paths.firstOrNull { it.instrument && it.toppedRounds == 0 && it.capacity.median > 0 }

    /**
     * A path's capacity, with its share of the instrument's [ceiling] (`800/s (673–800), 61 % of the ceiling`), said to be
     * at least the ladder's top in the rounds that held it (`…, top held 3/3`).
     */
    fun capacity(path: CapacityPath, ceiling: CapacityPath? = null) = rate(path.capacity) +
        (path.ofCeiling(ceiling)?.let { share ->
            if (path.atCeiling(ceiling)) ", at the instrument's ceiling" else ", ${Format.share(share)} of the ceiling"
        } ?: "") +
        if (path.toppedRounds > 0) ", the ladder's top held in ${path.toppedRounds}/${path.topped.size} rounds (capacity at least that)" else ""

    /** [rate], with the range verdicts are drawn on when it leaves the best and the worst round out. */
    fun judged(s: Spread) = rate(s) + if (s.trimmed) ", middle ${s.rounds - 2} rounds ${Format.rate(s.low)}–${Format.rate(s.high)}" else ""

    fun rate(s: Spread) = if (s.median == 0.0 && s.max == 0.0) "below the first step" else "${Format.rate(s.median)}/s (${Format.rate(s.min)}–${Format.rate(s.max)})"
}
