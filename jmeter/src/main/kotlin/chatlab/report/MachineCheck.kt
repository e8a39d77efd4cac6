package chatlab.report

import java.util.Locale

/**
 * How fast the machine was, read from the run itself, in two ways. First, the CPU milliseconds the server and its
 * embedded backends spent per chat-mix read on the paths served by real backends, after round 1. The mix offers the same
 * fixed load in every run with the same settings, so when this figure moves from one run to the next, the server spent
 * more or less CPU per read (the machine, or the code its JIT compiled), and every other figure of the run moved with it.
 * The unit's CPU includes its 1 s warm-up at the same rate. Second, the [probe]: a fixed piece of CPU work JMeter times
 * before every unit of every plan, so a run without the mix (the fan-out alone) has a check too; it sees the machine
 * (its clock, neighbours, steal), not the server: in three like main runs it read 12.6–13.1 ms while the server's CPU per
 * read after round 1 went 2.41, 2.34, 3.35 ms and the third run's read capacities fell by 30 %.
 */
object MachineCheck {
    const val SECTION = "machine"
    const val LABEL = "server + backends CPU ms per chat-mix read after round 1"
    const val FIGURE = "cpu ms"
    const val PROBE_LABEL = "fixed CPU work timed by JMeter before each unit"
    const val PROBE_FIGURE = "probe ms"

    /**
     * The smallest change called a slower or faster machine. The probe's rounds agree within ±0.5 %, so two like runs 1 %
     * apart already lie beyond both spreads (two CI runs on one host did: 14.14 against 14.28 ms); a change that small
     * moves no capacity visibly (refined rungs lie about 19 % apart), so it is named by its size but not acted on.
     */
    const val NOTABLE = 0.05

    /** Whether a change of a machine figure names a slower or faster machine: beyond both spreads and at least [NOTABLE]. */
    fun moved(change: PreviousRun.Change) = change.beyondSpread && Math.abs(change.ratio - 1) >= NOTABLE

    /**
     * Per round after the first, over every non-stand-in mix unit of that round; null without per-unit CPU, a mix, or a
     * round after the first. The mix runs in the history's first rounds only (its later rounds measure the read capacities
     * alone). Round 1 is left out: the server's JIT compiles through it (9.7–11.2 CPU ms per read against 2.3–3.4 in
     * round 2 of three like runs), so a median of rounds 1 and 2 was half a cold round, and its spread hid a 43 % change.
     */
    fun of(c: Comparison): Spread? {
        val real = c.mix.filter { it.kind == "all" && !it.standIn }
        val rounds = real.maxOfOrNull { it.measured.rounds.size } ?: return null
        val rows = real.filter { it.measured.rounds.size == rounds }
        if (rows.isEmpty() || c.units.isEmpty()) return null
        val perRound = (2..rounds).mapNotNull { round ->
            val units = rows.mapNotNull { row -> c.units.firstOrNull { it.plan == "history" && it.unit == "mix ${row.subject.key}" && it.round == round } }
            val reads = rows.sumOf { it.measured.rounds[round - 1].samples }
            if (units.size < rows.size || reads == 0L) null else units.sumOf { it.serverCpu + it.backendsCpu } * 1000 / reads
        }
        return Spread.of(perRound)
    }

    /**
     * The probe's time (scripts/machine-probe.groovy) per round: the median over the round's units of every plan, so a
     * round's cold first pass does not decide it; null when the units kept none.
     */
    fun probe(c: Comparison): Spread? = Spread.of(probePerRound(c))

    /** The probe's time per round, in round order: the median over that round's units (empty when the units kept none). */
    fun probePerRound(c: Comparison): List<Double> =
        c.units.filter { it.probeMs != null }.groupBy { it.round }.toSortedMap().values.map { units -> Spread.of(units.map { it.probeMs!! })!!.median }

    /** The probe's change against the previous like run; null without either run's probe. */
    fun probeChange(c: Comparison): PreviousRun.Change? = probe(c)?.let { c.previous?.change(SECTION, PROBE_LABEL, PROBE_FIGURE, it) }

    /** The figures summary.csv keeps, so the next like run can compare its machine with this one's. */
    fun figures(c: Comparison): List<Figure> = listOfNotNull(
        of(c)?.let { Figure(SECTION, LABEL, FIGURE, it, false) },
        probe(c)?.let { Figure(SECTION, PROBE_LABEL, PROBE_FIGURE, it, false) },
    )

    /** One sentence for the report: each figure over the rounds, and its change against the previous run. */
    fun sentence(c: Comparison): String? {
        val mix = of(c)?.let { now ->
            val paths = c.mix.filter { it.kind == "all" && !it.standIn }.joinToString { it.subject.key }
            "the server and its backends spent ${ms(now)} CPU ms per chat-mix read ($paths, fixed load, ${rounds(now)}); " +
                verdict(c.previous, c.previous?.change(SECTION, LABEL, FIGURE, now))
        }
        val probe = probe(c)?.let { now ->
            "a fixed piece of CPU work JMeter timed on the idle machine before each unit (SHA-256 over 4 MiB and a sort of " +
                "200,000 numbers, one thread) took ${ms(now)} ms (median of rounds); " + verdict(c.previous, probeChange(c))
        }
        if (mix == null && probe == null) return null
        return "Machine check: " + listOfNotNull(mix, probe).joinToString(" And ")
    }

    private fun verdict(previous: PreviousRun?, change: PreviousRun.Change?): String {
        // The header says why (which settings differ from the newest kept run); no need to say it twice.
        if (previous == null) return "no like run to compare the machine with, so no verdict on it (see the run's header)."
        if (change == null) return "the previous run kept no such figure (it ran before the check was), so no verdict on it."
        val slower = change.ratio > 1
        val share = Math.abs(change.ratio - 1)
        val expect = "so expect this run's latencies " + (if (slower) "higher and capacities lower" else "lower and capacities higher") +
            " for that reason alone."
        return "the previous run's was ${ms(change.before)}: " + when {
            // A figure of one round (the mix's round 2) has no spread: a change counts from the share two like runs differ by.
            !change.judged && share > Spread.RUN_TO_RUN -> "${Format.share(share)} ${if (slower) "more" else "less"} CPU per read, " +
                "more than the ${Format.share(Spread.RUN_TO_RUN)} two like runs differ by, $expect"
            !change.judged -> "within the ${Format.share(Spread.RUN_TO_RUN)} two like runs differ by, so the two runs' other figures are comparable."
            !change.beyondSpread -> "no clear difference, so the two runs' other figures are comparable."
            !moved(change) -> String.format(Locale.ROOT, "%.1f %% ", share * 100) + (if (slower) "slower" else "faster") +
                ", beyond both spreads but under ${Format.share(NOTABLE)}, too little to move the other figures visibly, so they are comparable."
            else -> "this machine was ${Format.share(share)} ${if (slower) "slower" else "faster"} (beyond both spreads), $expect"
        }
    }

    private fun ms(s: Spread) = if (s.rounds == 1) String.format(Locale.ROOT, "%.2f", s.median)
        else String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", s.median, s.min, s.max)

    private fun rounds(s: Spread) = if (s.rounds == 1) "one round after round 1" else "median of the rounds after round 1"
}
