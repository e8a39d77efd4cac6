package chatlab.report

/** How the cached path answered, from the `cache` column: samples and median latency per outcome. */
data class CacheSplit(val counts: Map<String, Int>, val medians: Map<String, Double>) {
    val total get() = counts.values.sum()

    fun share(outcome: String): Double = if (total == 0) 0.0 else (counts[outcome] ?: 0).toDouble() / total

    companion object {
        fun of(samples: List<Sample>): CacheSplit? {
            val outcomes = samples.filter { it.success && it.cache.isNotBlank() }.groupBy { it.cache }
            if (outcomes.isEmpty()) return null
            return CacheSplit(outcomes.mapValues { it.value.size }, outcomes.mapValues { (_, list) -> Spread.of(list.map { it.elapsed.toDouble() })!!.median })
        }
    }
}

/** One line of a reference-shape table: a subject (read path or store) of [sampler] with its figures over the rounds. */
data class Row(
    val sampler: String,
    val subject: Subject,
    val shape: Shape,
    val label: String,
    val measured: Measured,
    val baseline: Measured?,
    val backends: List<String>,
    val standIn: Boolean,
    val cache: CacheSplit?,
    /** Reference shape: every thread ran all its loops, so throughput measured the ramp-up, not the server. */
    val finishedLoops: Boolean,
) {
    val stats: Stats get() = measured.median
    val avgRatio: Double? get() = baseline?.median?.takeIf { it.mean > 0 }?.let { stats.mean / it.mean }
    val tpsRatio: Double? get() = baseline?.median?.takeIf { it.throughput > 0 }?.let { stats.throughput / it.throughput }
}

/** Failed samples of one label and their most frequent reasons. */
data class Failure(val label: String, val count: Int, val reasons: List<Pair<String, Int>>) {
    companion object {
        /** [failed] grouped by label, the label with most failures first. */
        fun byLabel(failed: List<Sample>): List<Failure> =
            failed.groupBy { it.label }.map { (label, same) -> Failure(label, same.size, Audits.causes(same)) }.sortedByDescending { it.count }
    }
}

/**
 * One step of a capacity ladder: the arrival rate offered, the measured sampler's figures over rounds, rounds held, and
 * on a cached path how the cache answered (every round's reads of the step).
 */
data class CapacityStep(val rate: Double, val measured: Measured, val heldRounds: Int, val rounds: Int, val cache: CacheSplit? = null)

/** A path's (or store's) capacity: per round the highest step it held with every step below; their spread. */
data class CapacityPath(
    val subject: Subject,
    val sampler: String,
    val backends: List<String>,
    val standIn: Boolean,
    val steps: List<CapacityStep>,
    /** Per round: the highest rate held, 0 when even the first step failed. */
    val perRound: List<Double>,
    /** Per round: the rate at which p95 reached the SLO, interpolated inside the step above the one held (see the builder). */
    val crossings: List<Double> = perRound,
    /**
     * Per round: whether the path held the highest rate it ran, i.e. the top of the ladder (after a miss every rate a
     * round runs lies below it). Its capacity is then at least that rate: the ladder, not the path, set the figure.
     */
    val topped: List<Boolean> = perRound.map { false },
) {
    /** The instrument's path: its capacity is the ceiling of this load generator and server on this machine. */
    val instrument: Boolean get() = subject in Subjects.INSTRUMENTS

    /** This path's capacity as a share of [ceiling]'s (medians); null without a ceiling. */
    fun ofCeiling(ceiling: CapacityPath?): Double? =
        ceiling?.capacity?.median?.takeIf { it > 0 && !instrument }?.let { capacity.median / it }

    /**
     * Whether this path reached the ceiling: its judged range reaches the instrument's median round. Judged against the
     * median, not the instrument's lowest round, so that one poor instrument round does not place every path there.
     */
    fun atCeiling(ceiling: CapacityPath?): Boolean =
        ceiling != null && !instrument && ceiling.capacity.median > 0 && capacity.high >= ceiling.capacity.median

    val capacity: Spread get() = Spread.of(perRound) ?: Spread(0.0, 0.0, 0.0, 0)

    /** In how many rounds the path held the ladder's top (0: every round found its limit). */
    val toppedRounds: Int get() = topped.count { it }
    val crossing: Spread get() = Spread.of(crossings) ?: Spread(0.0, 0.0, 0.0, 0)

    /** The label its figures are kept under in `summary.csv` (section "capacity"): "delivery [10 members]". */
    val figureLabel: String get() = "$sampler [${subject.key}]"
}

/** The chat mix on one path: one kind of read (newest, scroll, deep) or all of them, with the cache's answers. */
data class MixRow(val subject: Subject, val kind: String, val measured: Measured, val backends: List<String>, val standIn: Boolean, val cache: CacheSplit?)

/**
 * What every part of the report shares, computed once from the run's files: the run's samples, their failures, the
 * environment, the capacities found on the experiments' ladders ([Experiment.ladders]; their overload is not a fault),
 * the reference shape and the chat mix (which the history, sends and sqlite experiments read), the rounds and the
 * earlier run. No field belongs to one experiment: each derives its own rows from [samples] or [capacityOf].
 */
data class Comparison(
    /** The rows of every reference-shape table the experiments declare ([Experiment.references]), in their order. */
    val reference: List<Row>,
    val failures: List<Failure>,
    /** Of [failures], those that count against the run (not overload, warm-up or an experiment's own losses), by label. */
    val countedFailures: List<Failure> = emptyList(),
    /** Of [countedFailures], the wrong answers (neither unanswered nor cut), by label: what fails the run. */
    val wrongAnswers: List<Failure> = emptyList(),
    val totalSamples: Long,
    val failedSamples: Long,
    /** Of [failedSamples], those with no answer (timeouts, 503, cut at a step's end) rather than a wrong one. */
    val unansweredSamples: Long,
    val environment: Environment,
    /** Per unit: time, CPU by process, idle start and drain, from the plans' `units.csv` (empty for runs without it). */
    val units: List<UnitAccount> = emptyList(),
    val capacity: List<CapacityPath> = emptyList(),
    val mix: List<MixRow> = emptyList(),
    /**
     * Every sample of the run, each round's, for the experiments to read their own results from (an experiment's rows
     * are its own: nothing here knows them).
     */
    val samples: List<Sample> = emptyList(),
    /** The failed samples that count against the run (not overload, warm-up or an experiment's own losses). */
    val countedFailed: List<Sample> = emptyList(),
    /** Per experiment, its failed samples that are its own figure, not a fault ([Experiment.ownLoss]): they do not fail the run. */
    val ownLosses: Map<String, Long> = emptyMap(),
    /** Unanswered samples in capacity steps beyond a path's capacity: the overload the ladder looks for, not a fault. */
    val overloadSamples: Long = 0,
    /** The load settings this run changed from their defaults ([UnitColumns.changed]): the main command's budget is not theirs. */
    val changedSettings: List<String> = emptyList(),
    /** Warm-up samples (unmeasured) that timed out, got a 503 or were cut when the warm-up ended: a cold server, not a failure. */
    val warmUpLosses: Long = 0,
    /** The most rounds any plan ran (the read and send capacities run more rounds than the rest, see [planRounds]). */
    val rounds: Int = 1,
    /** Per plan that ran, its rounds (empty: every plan ran [rounds]). */
    val planRounds: Map<String, Int> = emptyMap(),
    val slo: Double = 50.0,
    /** Figures of an earlier run to compare with, keyed like [Figures]. */
    val previous: PreviousRun? = null,
    /** Which earlier run [previous] is, or why none was compared (no run kept, or none of the same settings). */
    val previousNote: String = PreviousRun.Lookup.NONE.note,
) {
    val errorPct: Double get() = pct(failedSamples)

    fun roundsOf(plan: String): Int = planRounds[plan] ?: rounds

    /** `3 rounds`, or `3 rounds (sends 5)` when plans ran different numbers of them. */
    val roundsText: String
        get() {
            val usual = planRounds.values.groupingBy { it }.eachCount().maxByOrNull { it.value }?.key ?: rounds
            val other = planRounds.filterValues { it != usual }.entries.joinToString { "${it.key} ${it.value}" }
            return "$usual rounds" + if (other.isEmpty()) "" else " ($other)"
        }

    val wrongSamples: Long get() = failedSamples - unansweredSamples

    fun pct(count: Long): Double = if (totalSamples == 0L) 0.0 else count * 100.0 / totalSamples

    /** The reference rows of [sampler]. */
    fun referenceOf(sampler: String): List<Row> = reference.filter { it.sampler == sampler }

    /** The capacities found on [experiment]'s ladders, in their order. */
    fun capacityOf(experiment: Experiment): List<CapacityPath> = capacity.filter { path -> experiment.ladders.any { it.sampler == path.sampler } }

    companion object {
        /** The rounds as a kept run's settings name them (a like run ran the same): `3`, or `history 3, sends 5`. */
        fun roundsKey(planRounds: Map<String, Int>, rounds: Int): String = planRounds.values.distinct().singleOrNull()?.toString()
            ?: planRounds.entries.joinToString { "${it.key} ${it.value}" }.ifEmpty { rounds.toString() }
    }
}
