package chatlab.report

/** A table as header and rows of cells, built once so HTML, Markdown and the console agree digit for digit. */
/** A table of the report (a block of its document). */
typealias Table = chatlab.report.document.Block.Table

/** The tables of every shape: each figure as the median of rounds with min–max, and its change against the previous run. */
object Columns {
    fun spread(s: Spread) = "${Format.ms(s.median)} (${Format.ms(s.min)}–${Format.ms(s.max)})"

    private fun backends(list: List<String>, standIn: Boolean) = list.joinToString(" + ") + if (standIn) " ⚠ stand-in" else ""

    private fun vs(c: Comparison, section: String, label: String, figure: String, now: Spread, judged: Boolean = true) =
        c.previous?.change(section, label, figure, now, judged)?.text ?: "–"

    fun reference(title: String, rows: List<Row>, c: Comparison): Table = Table(
        title,
        listOf("path / store", "backends", "samples", "error %", "avg ms", "p50 ms", "p95 ms (min–max)", "p99 ms", "TPS (min–max)", "avg vs baseline", "cache hits", "p95 vs previous"),
        rows.map { row ->
            val s = row.stats
            val p95 = row.measured.spread { it.p95 }
            listOf(
                row.subject.key, backends(row.backends, row.standIn), Format.count(s.samples), Format.pct(s.errorPct), Format.ms(s.mean),
                Format.ms(s.p50), spread(p95), Format.ms(s.p99), Format.tps(row.measured.spread { it.throughput }) + if (row.finishedLoops) " †" else "",
                Format.ratio(row.avgRatio), row.cache?.let { Format.pct(it.share("hit") * 100) } ?: "", vs(c, "reference", row.label, "p95", p95),
            )
        },
        rows.map { it.standIn },
    )

    /**
     * One line per path: its capacity, then the p95 of every ladder step it ran (median, min–max) and in how many rounds it
     * held, then the refinement steps (rates between a held and a missed step, which differ from round to round) in one cell.
     */
    fun capacity(title: String, paths: List<CapacityPath>, c: Comparison): Table {
        val onLadder = c.environment::onLadder
        val rates = paths.flatMap { p -> p.steps.map { it.rate } }.distinct().sorted().filter(onLadder)
        val refined = paths.any { p -> p.steps.any { !onLadder(it.rate) } }
        fun cell(step: CapacityStep) = spread(step.measured.spread { it.p95 }) + " · held ${step.heldRounds}/${step.rounds}" +
            (step.cache?.let { " · hits ${Format.pct(it.share("hit") * 100)}" } ?: "")
        val ceiling = Findings.ceiling(paths)
        // A fan-out room whose lowest step already took half the SLO: its capacity is a knife edge, compared by its p95.
        val judged = { path: CapacityPath -> !(path.sampler == Subjects.DELIVERY && FanoutDeployments.atFloor(path, c.fanoutSlo)) }
        return Table(
            title,
            listOf("path / store", "backends", "capacity /s (min–max)", "of the ceiling", "capacity vs previous", "p95 = SLO at /s (min–max) ‡", "vs previous") +
                rates.map { "p95 ms @ ${Format.rate(it)}/s" } + if (refined) listOf("refinement steps: p95 ms @ rate · held / rounds that ran it") else emptyList(),
            paths.map { path ->
                listOf(
                    path.subject.key, if (path.instrument) "none: ${path.subject.title}" else backends(path.backends, path.standIn), Findings.capacity(path),
                    if (path.instrument) "ceiling" else path.ofCeiling(ceiling)?.let { Format.share(it) + if (path.atCeiling(ceiling)) " ◆" else "" } ?: "–",
                    vs(c, "capacity", path.figureLabel, PreviousRun.CAPACITY, path.capacity, judged(path)),
                    Findings.rate(path.crossing), vs(c, "capacity", path.figureLabel, PreviousRun.CROSSING, path.crossing, judged = !path.instrument && judged(path)),
                ) + rates.map { rate -> path.steps.firstOrNull { it.rate == rate }?.let(::cell) ?: "–" } +
                    if (refined) listOf(path.steps.filterNot { onLadder(it.rate) }.joinToString("; ") { "${Format.rate(it.rate)}/s: ${cell(it)}" }.ifEmpty { "–" })
                    else emptyList()
            },
            paths.map { it.standIn },
        )
    }

    fun mix(title: String, rows: List<MixRow>, c: Comparison): Table = Table(
        title,
        listOf("path", "read", "backends", "samples", "error %", "p50 ms (min–max)", "p95 ms (min–max)", "p99 ms", "cache hits", "hit / miss median ms", "p95 vs previous"),
        rows.map { row ->
            val s = row.measured.median
            val p95 = row.measured.spread { it.p95 }
            val few = row.measured.spread { it.samples.toDouble() }.median < JUDGED_SAMPLES
            listOf(
                row.subject.key, row.kind, backends(row.backends, row.standIn), Format.count(s.samples), Format.pct(s.errorPct),
                spread(row.measured.spread { it.p50 }), spread(p95) + if (few) " §" else "", Format.ms(s.p99),
                row.cache?.let { Format.pct(it.share("hit") * 100) } ?: "",
                row.cache?.let { split -> listOfNotNull(split.medians["hit"], split.medians["miss"] ?: split.medians["partial"]).joinToString(" / ") { Format.ms(it) } } ?: "",
                vs(c, "mix", row.measured.label, "p95", p95, judged = !few),
            )
        },
        rows.map { it.standIn },
    )

    /** Every table of the run, in report order. */
    fun all(c: Comparison): List<Pair<Shape, Table>> = buildList {
        if (c.readCapacity.isNotEmpty()) add(Shape.CAPACITY to capacity("History reads — “${Subjects.GET}”, one random page per arrival", c.readCapacity, c))
        if (c.sendCapacity.isNotEmpty()) add(Shape.CAPACITY to capacity("Sends — “${Subjects.SEND_TO_DELIVERY}”, one new client per arrival", c.sendCapacity, c))
        if (c.mix.isNotEmpty()) add(Shape.MIX to mix("History reads by kind (all = every read of the mix)", c.mix, c))
        val reads = c.referenceOf(Subjects.GET)
        val enters = c.referenceOf(Subjects.ENTER)
        val sends = c.referenceOf(Subjects.SEND_TO_DELIVERY)
        if (reads.isNotEmpty()) add(Shape.REFERENCE to reference("History reads — “${Subjects.GET}” (baseline ${Subjects.BASELINE.key})", reads, c))
        if (enters.isNotEmpty()) add(Shape.REFERENCE to reference("Enter a room — “${Subjects.ENTER}” (room + latest 20)", enters, c))
        if (sends.isNotEmpty()) add(Shape.REFERENCE to reference("Sends — “${Subjects.SEND_TO_DELIVERY}”: SEND until our broadcast arrives (baseline mysql)", sends, c))
    }

    const val CEILING_NOTE = "“of the ceiling”: the path's capacity as a share of the instrument's (median against median), the instrument being " +
        "the server's cheapest authenticated answer under the same ladder: the most this load generator and server carry together on this machine. " +
        "◆ at the ceiling: the path's judged rounds reach the instrument's median round, so the machine, not the store, sets its figure. " +
        "The ceiling is the instrument's capacity; its own p95 = SLO point is shown, never judged: there the load generator and the " +
        "server share the cores, and that point moves between runs more than the rung held does."
    const val CROSSING_NOTE = "‡ where p95 reached the SLO: interpolated (log rate against log p95) between the last step held and the next one " +
        "that round ran when that step missed on latency alone, else the last step held. Capacity verdicts are drawn on it: unlike the rung held, it is not quantized to the ladder's ×1.2 steps."
    /** A figure judged (in findings, or flagged against the previous run) rests on at least this many samples a round. */
    const val JUDGED_SAMPLES = 200.0
    const val FEW_NOTE = "§ fewer than 200 samples in a median round (the mix's scroll-backs and rare deep jumps): shown, never judged — no finding " +
        "and no ⚑ against the previous run rest on it (a deep jump's p95 is one of the round's two or three slowest reads); the row “all” is judged, " +
        "and a longer mixSeconds gives every kind more samples."
    const val FINISHED_NOTE = "† finished every loop before the time cap: this throughput measures the ramp-up, not the server."
    const val STAND_IN_NOTE = "⚠ stand-in: mongo-java-server keeps documents in memory and ignores secondary indexes; its rows say nothing about MongoDB."
    const val SPREAD_NOTE = "Every figure is the median of the rounds with their min–max; one path is called faster than another only when the ranges do not overlap and the medians lie more than " +
        "20 % apart, as far as two like runs of this bench differ (over five or more rounds the range judged leaves the best and the worst round out, so one stalled round does not decide a verdict) " +
        "(capacities: judged where p95 reached the SLO, interpolated inside the step a round missed; latencies: and lie more than JMeter's 1 ms apart; percentiles are read inside JMeter's whole milliseconds, each time standing for its ±0.5 ms). “vs previous”: the change of the median against the previous run; ⚑ when the two runs' ranges do not overlap (latencies: by more than 1 ms; capacities held, a rung of the ladder: by more than its 20 %); a figure either run measured in one round (the stand-in's) has no range and is not judged."
}
