package chatlab.report

import chatlab.report.document.Block
import chatlab.report.document.Block.Tone
import chatlab.report.document.Document
import chatlab.report.document.Section

/**
 * What the report says, once, as a [Document]: the verdict and headlines, then one section per experiment that ran
 * ([Experiments.ALL]), what the whole run says, its failures, where the time went and the environment. `index.html`
 * and `summary.md` are both rendered from it.
 */
class ReportDocument(
    private val verdict: String,
    private val passed: Boolean,
    private val gates: List<ThresholdResult> = emptyList(),
    /** Per experiment, blocks its section ends with: the profile of its units (`-Dprofile=`). */
    private val appended: Map<String, List<Block>> = emptyMap(),
) {

    fun of(c: Comparison): Document {
        val sections = Experiments.ALL.mapNotNull { e -> e.section(c)?.let { e to it.copy(blocks = it.blocks + appended[e.name].orEmpty()) } }
        return Document("chatlab comparison", lead(c, sections), buildList {
            addAll(sections.map { it.second })
            add(Section("What this run says", listOf(Block.Bullets(Headlines.of(c) + Findings.run(c)))))
            failures(c)?.let(::add)
            units(c)?.let(::add)
            add(environment(c))
        })
    }

    /**
     * The first screen: whether the run passed, then one table of verdicts (per experiment its question, its answer and the
     * figures it rests on, linked to its section), then what ran where; the method is in the sections below.
     */
    private fun lead(c: Comparison, sections: List<Pair<Experiment, Section>>): List<Block> = buildList {
        add(Block.Text(verdict, if (passed) Tone.OK else Tone.BAD))
        if (gates.isNotEmpty()) add(Block.Bullets(gates.map { it.message }, gates.map { if (it.passed) Tone.OK else Tone.BAD }))
        val judged = sections.mapNotNull { (e, s) -> e.verdict(c)?.let { Triple(e, s, it) } }
        val verdicts = judged.map { (e, s, v) ->
            val untrusted = v.controls.any { !it.holds }
            Block.Verdicts.Row(e.name, s, listOf(v.question, (if (untrusted) "⚠ NOT TO BE TRUSTED in this run: its A/A control was told apart. " else "") + v.answer, v.figures))
        }
        if (verdicts.isNotEmpty()) add(Block.Verdicts(listOf("question", "answer", "figures (median of rounds or blocks, min–max)"), verdicts))
        val controls = judged.flatMap { it.third.controls }
        if (controls.isNotEmpty()) add(Block.Bullets(
            listOf(CONTROLS) + controls.map { it.sentence() },
            listOf(Tone.PLAIN) + controls.map { if (it.holds) Tone.OK else Tone.BAD },
        ))
        ReferenceHost.line(c)?.let { (line, like) -> add(Block.Text(line, if (like) Tone.NOTE else Tone.BAD)) }
        RunRepeat.ratioRepeat(c)?.lines()?.let { lines ->
            add(Block.Bullets(lines.map { it.first }, lines.mapIndexed { i, (_, ok) -> if (!ok) Tone.BAD else if (i == 0) Tone.OK else Tone.NOTE }))
        }
        val env = c.environment
        add(Block.Text((env.backends.values.map { it.label } + listOfNotNull(env.machine["cpus"]?.let { "$it CPUs" }) +
            "JMeter ${env.settings["jmeter"] ?: "?"}" + c.roundsText + env.generatedAt.toString() + c.previousNote).joinToString(" · "), Tone.NOTE))
        add(Block.Text(Columns.SPREAD_NOTE, Tone.NOTE))
    }

    companion object {
        const val CONTROLS = "A/A controls: one contender measured twice in every block under two names, the twin against the " +
            "original (the ratio's 95 % interval over the blocks). Told apart, the method calls differences that are not there, " +
            "and that experiment's verdicts are not to be trusted in this run. A 95 % interval leaves out an identical twin's " +
            "ratio about one time in twenty, so with seven controls about one run in three shows one told apart by chance " +
            "(1 − 0.95⁷ = 0.30): rerun that experiment alone (-Dexperiments=<name>) before acting on its verdicts."
    }

    private fun failures(c: Comparison): Section? = c.failures.takeIf { it.isNotEmpty() }?.let { failures ->
        val wrong = c.wrongAnswers.associate { it.label to it.count }
        val rows = failures.sortedByDescending { wrong[it.label] ?: 0 }
        Section("Failed samples", listOf(Table("Failures", listOf("label", "failed", "wrong answers (fail the run)", "most frequent reasons"),
            rows.map { f -> listOf(f.label, f.count.toString(), wrong[f.label]?.toString() ?: "–", f.reasons.joinToString(" · ") { "${it.first} (${it.second})" }) },
            rows.map { false })))
    }

    private fun units(c: Comparison): Section? = c.units.takeIf { it.isNotEmpty() }?.let { units ->
        Section("Where the time and the CPU went", listOfNotNull(
            Block.Text(UnitColumns.summary(units) + " Before each unit the plan waits until the server is idle (nothing in flight, no store work queued, CPUs settled)."),
            UnitColumns.budgetCheck(units, c.changedSettings)?.let { Block.Text(it) },
            MachineCheck.sentence(c)?.let { Block.Text(it) },
            Block.Bullets(UnitColumns.budget(units)),
            Table("Units", UnitColumns.HEADERS, units.map { UnitColumns.cells(it) }, units.map { false }),
        ))
    }

    private fun environment(c: Comparison) = Section("Environment", listOf(
        Block.Bullets(Settings.environmentLines(c.environment)),
        Block.Text(Columns.STAND_IN_NOTE, Tone.NOTE),
        Block.Text(Columns.FINISHED_NOTE, Tone.NOTE),
        Block.Text(Columns.CEILING_NOTE, Tone.NOTE),
        Block.Text(Columns.CROSSING_NOTE, Tone.NOTE),
        Block.Text(Columns.FEW_NOTE, Tone.NOTE),
        Block.Links("The preflight's dashboard and the report's other forms: ", listOf(
            "preflight" to "../jmeter/reports/preflight/index.html", "summary.md" to "summary.md", "summary.csv" to "summary.csv", "index.html" to "index.html",
        )),
    ))
}
