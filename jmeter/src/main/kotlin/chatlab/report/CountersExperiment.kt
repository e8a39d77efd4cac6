package chatlab.report

import chatlab.report.document.Block
import chatlab.report.document.Section

/** The counters' stores and modes measured in duet, per block. */
val Comparison.viewDuet: List<DuetRow> get() = Duet.COUNTERS.rows(samples)

/**
 * Counters: the stores and modes in duet (the verdict: every view of one shared open-model load counted in a store and
 * mode drawn at random, the A/A twin on a room of its own, every block from zero counts and audited), then the
 * closed-loop units beside the public test ([CountersSection]).
 */
object CountersExperiment : Experiment {
    override val name = "counters"

    private val units = LabExperiment(name, CountersSection, { CounterRow.of(it.samples) }) { row ->
        listOf(
            Figure("counters", row.measured.label, "tps", row.measured.spread { it.throughput }, false),
            Figure("counters", row.measured.label, "p95", row.measured.spread { it.p95 }, false),
        )
    }

    private val duetAudit = Regex("""^count \[[^\]]+] duet block [0-9]{1,6}$""")

    /** The duet blocks' audits: one count per contender and block, each equal to the views the server acknowledged. */
    fun duetAudits(samples: List<Sample>): Audits = Audits.of(samples.filter { duetAudit.matches(it.label) })

    override fun section(c: Comparison): Section? {
        val duet = c.viewDuet
        val closed = units.section(c)
        if (duet.isEmpty()) return closed
        val settings = c.environment.settings
        return Section(CountersSection.TITLE, buildList {
            add(Duet.COUNTERS.text(settings))
            DuetPromises.text(duet, c.samples)?.let(::add)
            add(Duet.COUNTERS.table(duet))
            add(Block.Bullets(listOf(auditSentence(duetAudits(c.samples)))))
            addAll(closed?.blocks ?: listOf(dashboards(c)))
        })
    }

    /** The duet's ranking, its safety first, where the run measured the duet; else the closed-loop units'. */
    override fun verdict(c: Comparison): Verdict? {
        val duet = c.viewDuet.takeIf { it.isNotEmpty() } ?: return units.verdict(c)
        val audits = duetAudits(c.samples)
        val broken = CounterRow.of(c.samples).filter { it.audits.broken }.map { "${it.store} ${it.mode} ${it.shape}" } +
            listOfNotNull("the duet".takeIf { audits.broken })
        val safe = if (broken.isEmpty()) "no lost update in any store or mode" else "LOST OR EXTRA UPDATES: ${broken.joinToString()}"
        val refused = duet.filter { it.failed > 0 }.joinToString { "${it.contender} ${Format.count(it.failed)}" }
        val v = Duet.COUNTERS.verdict(duet, c.environment.settings)
        return v.copy(answer = "$safe; ${v.answer}" + if (refused.isEmpty()) "" else "; refused (503): $refused")
    }

    override fun figures(c: Comparison): List<Figure> = Duet.COUNTERS.figures(c.viewDuet) + units.figures(c)

    private fun auditSentence(a: Audits): String = when {
        a.total == 0 -> "Counters duet: not audited."
        !a.broken -> "Counters duet: no lost update — every contender's count equalled the views it acknowledged, in all ${a.total} audits (every block, every contender)."
        else -> "Counters duet: LOST OR EXTRA UPDATES in ${a.total - a.held} of ${a.total} audits: ${a.problems.joinToString("; ")}."
    }
}
