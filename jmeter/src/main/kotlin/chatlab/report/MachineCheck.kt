package chatlab.report

import java.util.Locale

/**
 * How fast the machine was, read from the run itself: the CPU milliseconds the server and its embedded backends spent
 * per chat-mix read on the paths served by real backends. The mix offers the same fixed load in every run with the same
 * settings, so when this figure moves from one run to the next, the machine (or what else ran on it) changed, not the
 * code, and every other figure of the run moved with it. The unit's CPU includes its 1 s warm-up at the same rate.
 */
object MachineCheck {
    const val LABEL = "server + backends CPU ms per chat-mix read"

    /**
     * Per round, over every non-stand-in mix unit of that round; null without per-unit CPU or a mix. The mix runs in the
     * history's first rounds only (its later rounds measure the read capacities alone).
     */
    fun of(c: Comparison): Spread? {
        val real = c.mix.filter { it.kind == "all" && !it.standIn }
        val rounds = real.maxOfOrNull { it.measured.rounds.size } ?: return null
        val rows = real.filter { it.measured.rounds.size == rounds }
        if (rows.isEmpty() || c.units.isEmpty()) return null
        val perRound = (1..rounds).mapNotNull { round ->
            val units = rows.mapNotNull { row -> c.units.firstOrNull { it.plan == "history" && it.unit == "mix ${row.subject.key}" && it.round == round } }
            val reads = rows.sumOf { it.measured.rounds[round - 1].samples }
            if (units.size < rows.size || reads == 0L) null else units.sumOf { it.serverCpu + it.backendsCpu } * 1000 / reads
        }
        return Spread.of(perRound)
    }

    /** One sentence for the report: the figure over the rounds, and its change against the previous run. */
    fun sentence(c: Comparison): String? {
        val now = of(c) ?: return null
        val paths = c.mix.filter { it.kind == "all" && !it.standIn }.joinToString { it.subject.key }
        val change = c.previous?.change("machine", LABEL, "cpu ms", now)
        val slower = change != null && change.ratio > 1
        val verdict = when {
            // The header says why (which settings differ from the newest kept run); no need to say it twice.
            change == null -> "no like run to compare the machine with, so no verdict on it (see the run's header)."
            !change.beyondSpread -> "the previous run's was ${ms(change.before)}: no clear difference, so the two runs' other figures are comparable."
            else -> "the previous run's was ${ms(change.before)}: this machine was ${pct(Math.abs(change.ratio - 1))} " +
                (if (slower) "slower" else "faster") + " (beyond both spreads), so expect this run's latencies " +
                (if (slower) "higher and capacities lower" else "lower and capacities higher") + " for that reason alone."
        }
        return "Machine check: the server and its backends spent ${ms(now)} CPU ms per chat-mix read ($paths, fixed load, median of rounds); $verdict"
    }

    private fun ms(s: Spread) = String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", s.median, s.min, s.max)

    private fun pct(share: Double) = String.format(Locale.ROOT, "%.0f %%", share * 100)
}
