package chatlab.report

import kotlin.math.exp
import kotlin.math.ln
import kotlin.math.max

/** Turns the run's samples (every round) into the comparison: the reference tables, capacity ladders and chat mixes the experiments declare. */
class ComparisonBuilder(
    private val samples: List<Sample>,
    private val environment: Environment,
    private val slo: Double = 50.0,
    private val experiments: List<Experiment> = Experiments.ALL,
    /** Per plan that ran, its rounds. */
    private val planRounds: Map<String, Int> = emptyMap(),
    private val units: List<UnitAccount> = emptyList(),
    private val previous: PreviousRun.Lookup = PreviousRun.Lookup.NONE,
) {
    private val parsed: Map<String, SampleLabel?> = samples.map { it.label }.distinct().associateWith { SampleLabel.parse(it) }
    private val byLabel: Map<String, List<Sample>> = samples.groupBy { it.label }

    fun build(): Comparison {
        val labels = parsed.values.filterNotNull()
        val capacity = experiments.flatMap { it.ladders }.flatMap { ladder ->
            capacity(ladder.sampler, ladder.subjects(labels, environment), ladder.slo(environment, slo))
        }
        val overload = overloadSamples(capacity)
        val reference = experiments.flatMap { it.references }.flatMap { rows(it.sampler, it.subjects, it.baseline) }
        val failed = samples.filterNot { it.success }
        val warmUpLosses = failed.filter { parsed[it.label]?.warmup == true && it.noAnswer }.toSet()
        val ownLosses = experiments.associate { e -> e.name to failed.filter { it !in overload && it !in warmUpLosses && e.ownLoss(it) }.toSet() }
            .filterValues { it.isNotEmpty() }
        val counted = failed.filterNot { it in overload || it in warmUpLosses || ownLosses.values.any { own -> it in own } }
        val mix = experiments.flatMap { it.mixPaths }.flatMap(::mix)
        return Comparison(
            reference = reference,
            failures = Failure.byLabel(failed),
            countedFailures = Failure.byLabel(counted),
            wrongAnswers = Failure.byLabel(counted.filterNot { it.noAnswer }),
            totalSamples = samples.size.toLong(),
            failedSamples = counted.size.toLong(),
            unansweredSamples = counted.count { it.noAnswer }.toLong(),
            environment = environment,
            capacity = capacity,
            mix = mix,
            samples = samples,
            countedFailed = counted,
            ownLosses = ownLosses.mapValues { it.value.size.toLong() },
            overloadSamples = overload.size.toLong(),
            warmUpLosses = warmUpLosses.size.toLong(),
            rounds = samples.maxOfOrNull { it.round } ?: 1,
            planRounds = planRounds,
            units = units,
            slo = slo,
            previous = previous.run,
            previousNote = previous.note,
        )
    }

    private fun labelOf(sampler: String, target: String, shape: Shape) =
        parsed.entries.firstOrNull { (_, p) -> p != null && p.sampler == sampler && p.target == target && p.shape == shape }?.key

    private fun rows(sampler: String, subjects: List<Subject>, baselineKey: String): List<Row> {
        val baseline = labelOf(sampler, baselineKey, Shape.REFERENCE)?.let { Measured.of(it, byLabel.getValue(it)) }
        return subjects.mapNotNull { subject ->
            val label = labelOf(sampler, subject.key, Shape.REFERENCE) ?: return@mapNotNull null
            val list = byLabel.getValue(label)
            val measured = Measured.of(label, list)
            Row(
                sampler = sampler,
                subject = subject,
                shape = Shape.REFERENCE,
                label = label,
                measured = measured,
                baseline = baseline,
                backends = subject.backends.map(environment::labelOf),
                standIn = environment.standIn(subject.backends),
                cache = if ("redis" in subject.backends && sampler == Subjects.GET) CacheSplit.of(list) else null,
                finishedLoops = measured.rounds.all { it.samples == plannedSamples() },
            )
        }
    }

    private fun plannedSamples(): Long? {
        val threads = environment.settings["threads"]?.toLongOrNull() ?: return null
        val loops = environment.settings["loops"]?.toLongOrNull()?.takeIf { it > 0 } ?: return null
        return threads * loops
    }

    /** Every sample of one capacity step of [target] (all samplers: a failed CONNECT fails a send step too), by round. */
    private fun stepSamples(target: String, rate: Double): Map<Int, List<Sample>> =
        parsed.filter { (_, p) -> p?.shape == Shape.CAPACITY && p.target == target && p.rate == rate }.keys
            .flatMap { byLabel.getValue(it) }.groupBy { it.round }

    private fun capacity(sampler: String, subjects: List<Subject>, limit: Double = slo): List<CapacityPath> = subjects.mapNotNull { subject ->
        val labels = parsed.filter { (_, p) -> p?.shape == Shape.CAPACITY && p.sampler == sampler && p.target == subject.key }
        if (labels.isEmpty()) return@mapNotNull null
        // The rounds this path ran (the capacities run more rounds than the other shapes).
        val rounds = labels.keys.flatMap { byLabel.getValue(it) }.map { it.round }.distinct().sorted()
        val rates = labels.values.mapNotNull { it?.rate }.distinct().sorted()
        val byRate = rates.associateWith { stepSamples(subject.key, it) }
        val held = rates.associateWith { rate ->
            rounds.associateWith { round -> byRate.getValue(rate)[round]?.let { held(it, sampler, limit) } ?: false }
        }
        val steps = rates.map { rate ->
            val label = labels.entries.first { it.value?.rate == rate }.key
            val measured = Measured.of(label, byLabel.getValue(label))
            val cache = if ("redis" in subject.backends && sampler == Subjects.GET) CacheSplit.of(byLabel.getValue(label)) else null
            CapacityStep(rate, measured, held.getValue(rate).count { it.value }, measured.rounds.size, cache)
        }
        // The rates a round ran: the doubling ladder up to its first miss, then the refinements between held and missed.
        val ran = rounds.associateWith { round -> rates.filter { byRate.getValue(it)[round].orEmpty().isNotEmpty() } }
        val perRound = rounds.map { round -> ran.getValue(round).takeWhile { held.getValue(it).getValue(round) }.lastOrNull() ?: 0.0 }
        val crossings = rounds.mapIndexed { i, round -> crossing(subject.key, sampler, ran.getValue(round), perRound[i], round, limit) }
        val topped = rounds.mapIndexed { i, round -> perRound[i] > 0 && perRound[i] == ran.getValue(round).maxOrNull() }
        CapacityPath(subject, sampler, subject.backends.map(environment::labelOf), environment.standIn(subject.backends), steps, perRound, crossings, topped)
    }

    /**
     * Where a round's p95 reached the SLO: between the last step held and the next one that round ran, interpolated on log
     * rate against log p95, when that next step missed on latency alone (no failed sample); otherwise the last step held.
     */
    private fun crossing(target: String, sampler: String, rates: List<Double>, held: Double, round: Int, slo: Double): Double {
        val next = rates.firstOrNull { it > held }
        if (held == 0.0 || next == null) return held
        val missed = stepSamples(target, next)[round].orEmpty()
        if (missed.any { !it.success }) return held
        val below = stepSamples(target, held)[round].orEmpty().filter { it.label.startsWith(sampler) }
        val above = missed.filter { it.label.startsWith(sampler) }
        if (below.isEmpty() || above.isEmpty()) return held
        val low = max(Stats.of(below).p95, 0.5) // JMeter times in whole ms: 0 means under 1 ms
        val high = Stats.of(above).p95
        if (high <= max(low, slo)) return held
        val t = (ln(slo) - ln(low)) / (ln(high) - ln(low))
        return Math.round(exp(ln(held) + t.coerceIn(0.0, 1.0) * (ln(next) - ln(held)))).toDouble()
    }

    /** A step held when nothing in it failed and the measured sampler's p95 stayed within the SLO. */
    private fun held(step: List<Sample>, sampler: String, slo: Double): Boolean {
        if (step.any { !it.success }) return false
        val measured = step.filter { it.label.startsWith(sampler) }
        return measured.isNotEmpty() && Stats.of(measured).p95 <= slo
    }

    /** Unanswered or cut samples in steps beyond a path's capacity in their round: what the ladder runs into by design. */
    private fun overloadSamples(capacity: List<CapacityPath>): Set<Sample> = capacity.flatMap { path ->
        path.perRound.withIndex().flatMap { (i, held) ->
            path.steps.filter { it.rate > held }.flatMap { stepSamples(path.subject.key, it.rate)[i + 1].orEmpty() }
        }
    }.filter { !it.success && it.noAnswer }.toSet()

    /** The chat mix on one read path: each kind of read, then all of them. */
    private fun mix(subject: Subject): List<MixRow> {
        val labels = parsed.filter { (_, p) -> p?.shape == Shape.MIX && p.sampler == Subjects.GET && p.target == subject.key }
        if (labels.isEmpty()) return emptyList()
        val standIn = environment.standIn(subject.backends)
        val backends = subject.backends.map(environment::labelOf)
        val cached = "redis" in subject.backends
        val kinds = listOf("newest", "scroll", "deep").mapNotNull { kind ->
            val label = labels.entries.firstOrNull { it.value?.kind == kind }?.key ?: return@mapNotNull null
            val list = byLabel.getValue(label)
            MixRow(subject, kind, Measured.of(label, list), backends, standIn, if (cached) CacheSplit.of(list) else null)
        }
        val all = labels.keys.flatMap { byLabel.getValue(it) }
        return kinds + MixRow(subject, "all", Measured.of(SampleLabel.of(Subjects.GET, subject.key, "mix"), all), backends, standIn, if (cached) CacheSplit.of(all) else null)
    }
}
