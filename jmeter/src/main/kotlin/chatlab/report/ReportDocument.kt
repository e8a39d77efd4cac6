package chatlab.report

import chatlab.report.document.Block
import chatlab.report.document.Block.Tone
import chatlab.report.document.Document
import chatlab.report.document.Section

/**
 * What the report says, once, as a [Document]: the verdict and headlines, then a section per shape of the chat plans
 * and per lab experiment, the public reference beside ours, the findings, failures, where the time went and the
 * environment. `index.html` and `summary.md` are both rendered from it.
 */
class ReportDocument(private val verdict: String, private val passed: Boolean, private val gates: List<ThresholdResult> = emptyList()) {

    fun of(c: Comparison): Document = Document("chatlab comparison", lead(c), buildList {
        val tables = Columns.all(c)
        for (shape in Shape.REPORT_ORDER) {
            val mine = tables.filter { it.first == shape }.map { it.second }
            if (mine.isNotEmpty()) add(shape(shape, mine, c))
        }
        listOf(experiment(SeatsSection, c.seats, c), experiment(CountersSection, c.counters, c), experiment(SqliteSection, c.sqlite, c), experiment(PoolSection, c.pool, c))
            .forEach { it?.let(::add) }
        add(reference(c))
        add(Section("What this run says", listOf(Block.Bullets(Findings.of(c)))))
        failures(c)?.let(::add)
        units(c)?.let(::add)
        add(environment(c))
    })

    private fun lead(c: Comparison): List<Block> = buildList {
        add(Block.Text(verdict, if (passed) Tone.OK else Tone.BAD))
        if (gates.isNotEmpty()) add(Block.Bullets(gates.map { it.message }, gates.map { if (it.passed) Tone.OK else Tone.BAD }))
        Findings.headlines(c).forEach { add(Block.Text(it, Tone.HEADLINE)) }
        val env = c.environment
        add(Block.Text((env.backends.values.map { it.label } + listOfNotNull(env.machine["cpus"]?.let { "$it CPUs" }) +
            "JMeter ${env.settings["jmeter"] ?: "?"}" + "${c.rounds} rounds" + env.generatedAt.toString() + c.previousNote).joinToString(" · "), Tone.NOTE))
        add(Block.Text(Columns.SPREAD_NOTE, Tone.NOTE))
    }

    private fun shape(shape: Shape, tables: List<Table>, c: Comparison) = Section(shape.title, buildList {
        add(Block.Text("${shape.explanation}. ${Settings.describe(shape, c.environment.settings)}"))
        when (shape) {
            Shape.CAPACITY -> add(Block.Charts(Charts.capacity(c)))
            Shape.MIX -> add(Block.Charts(listOfNotNull(Charts.latencyBars("Chat mix: every read, median of rounds", c.mix.filter { it.kind == "all" }.map { Triple(it.subject.key, it.standIn, it.measured) }))))
            Shape.REFERENCE -> add(Block.Charts(listOfNotNull(Charts.latencyBars("Reference shape: history read, median of rounds", c.shapes.flatMap { it.reads }.map { Triple(it.subject.key, it.standIn, it.measured) }))))
        }
        addAll(tables)
    })

    private fun <R> experiment(section: ExperimentSection<R>, rows: List<R>, c: Comparison): Section? {
        if (rows.isEmpty()) return null
        return Section(section.title, buildList {
            add(Block.Text(section.explanation(c.environment.settings) + "."))
            add(Block.Charts(listOfNotNull(Charts.latencyBars(section.barsTitle, section.bars(rows))) + section.charts(rows)))
            addAll(section.tables(rows))
            add(Block.Bullets(section.findings(rows)))
        })
    }

    private fun reference(c: Comparison) = Section("Beside the public reference result", listOf(
        Block.Text("The public write-up (a laptop, 100 threads, 50 s ramp, 150 loops) against this run's reference shape (medians of rounds). " +
            "Ratios are to each run's own MySQL-offset line, so they compare conclusions, not machines; the reference shape is not a basis for verdicts on its own."),
        Table(
            "Public and ours", listOf("path", "public avg / p95 ms", "public TPS", "public avg vs baseline", "ours avg / p95 ms", "ours TPS", "ours avg vs baseline", "conclusion"),
            ReferenceResult.beside(c).map { b ->
                val ours = b.ours?.stats
                listOf(b.line.title, "${Format.ms(b.line.avg)} / ${Format.ms(b.line.p95)}", Format.tps(b.line.tps), Format.ratio(b.publicAvgRatio),
                    ours?.let { "${Format.ms(it.mean)} / ${Format.ms(it.p95)}" } ?: "–", ours?.let { Format.tps(it.throughput) } ?: "–", Format.ratio(b.ours?.avgRatio), b.verdict)
            },
            ReferenceResult.beside(c).map { it.ours?.standIn == true },
        ),
    ))

    private fun failures(c: Comparison): Section? = c.failures.takeIf { it.isNotEmpty() }?.let { failures ->
        Section("Failed samples", listOf(Table("Failures", listOf("label", "failed", "most frequent reasons"),
            failures.map { f -> listOf(f.label, f.count.toString(), f.reasons.joinToString(" · ") { "${it.first} (${it.second})" }) }, failures.map { false })))
    }

    private fun units(c: Comparison): Section? = c.units.takeIf { it.isNotEmpty() }?.let { units ->
        Section("Where the time and the CPU went", listOfNotNull(
            Block.Text(UnitColumns.summary(units) + " Before each unit the plan waits until the server is idle (nothing in flight, no store work queued, CPUs settled)."),
            UnitColumns.budgetCheck(units)?.let { Block.Text(it) },
            MachineCheck.sentence(c)?.let { Block.Text(it) },
            Block.Bullets(UnitColumns.budget(units)),
            Table("Units", UnitColumns.HEADERS, units.map { UnitColumns.cells(it) }, units.map { false }),
        ))
    }

    private fun environment(c: Comparison): Section {
        val plans = listOf("history", "sends") + listOfNotNull("seats".takeIf { c.seats.isNotEmpty() }, "counters".takeIf { c.counters.isNotEmpty() }, "pool".takeIf { c.pool.isNotEmpty() })
        val dashboards = (1..c.rounds).flatMap { r -> plans.map { "round $r $it" to "../jmeter/reports/round-$r/$it/index.html" } } +
            listOf("preflight" to "../jmeter/reports/preflight/index.html", "summary.md" to "summary.md", "summary.csv" to "summary.csv", "index.html" to "index.html")
        return Section("Environment", listOf(
            Block.Bullets(Settings.environmentLines(c.environment)),
            Block.Text(Columns.STAND_IN_NOTE, Tone.NOTE),
            Block.Text(Columns.FINISHED_NOTE, Tone.NOTE),
            Block.Text(Columns.CEILING_NOTE, Tone.NOTE),
            Block.Text(Columns.CROSSING_NOTE, Tone.NOTE),
            Block.Text(Columns.FEW_NOTE, Tone.NOTE),
            Block.Links("JMeter dashboards and the report's other forms: ", dashboards),
        ))
    }
}
