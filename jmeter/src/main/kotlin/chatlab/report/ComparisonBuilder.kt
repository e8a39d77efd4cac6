package chatlab.report

/** Turns the dashboards' statistics and the raw samples into the comparison tables. */
class ComparisonBuilder(
    private val statistics: Map<String, Stats>,
    private val samples: List<Sample>,
    private val environment: Environment,
) {
    private val labels = statistics.keys.mapNotNull { label -> SampleLabel.parse(label)?.let { it to label } }

    fun build(): Comparison {
        val shapes = Shape.entries.map { shape ->
            ShapeTables(
                shape,
                reads = rows(shape, Subjects.GET, Subjects.READ_PATHS, baselineKey = Subjects.BASELINE.key),
                enters = rows(shape, Subjects.ENTER, Subjects.READ_PATHS, baselineKey = Subjects.BASELINE.key),
                sends = rows(shape, Subjects.SEND_TO_DELIVERY, Subjects.SEND_STORES, baselineKey = "mysql"),
                bareSends = rows(shape, Subjects.BARE_SEND, Subjects.SEND_STORES, baselineKey = "mysql"),
            )
        }.filterNot { it.isEmpty }
        val failed = samples.filterNot { it.success }
        val failures = failed.groupBy { it.label }.map { (label, list) ->
            val reasons = list.groupingBy { it.failureReason() }.eachCount().entries.sortedByDescending { it.value }.take(3)
            Failure(label, list.size, reasons.map { it.key to it.value })
        }.sortedByDescending { it.count }
        return Comparison(shapes, failures, samples.size.toLong(), failed.size.toLong(), failed.count { it.unanswered }.toLong(), environment)
    }

    private fun rows(shape: Shape, sampler: String, subjects: List<Subject>, baselineKey: String): List<Row> {
        fun labelOf(key: String) = labels.firstOrNull { (parsed, _) -> parsed.sampler == sampler && parsed.target == key && parsed.shape == shape }?.second
        val baseline = labelOf(baselineKey)?.let { statistics[it] }
        return subjects.mapNotNull { subject ->
            val label = labelOf(subject.key) ?: return@mapNotNull null
            val stats = statistics.getValue(label)
            Row(
                subject = subject,
                shape = shape,
                label = label,
                stats = stats,
                baseline = baseline,
                backends = subject.backends.map(environment::labelOf),
                standIn = environment.standIn(subject.backends),
                cache = if ("redis" in subject.backends && sampler != Subjects.SEND_TO_DELIVERY && sampler != Subjects.BARE_SEND) cacheSplit(label) else null,
                finishedLoops = shape == Shape.REFERENCE && stats.samples == plannedSamples(),
            )
        }
    }

    private fun plannedSamples(): Long? {
        val threads = environment.settings["threads"]?.toLongOrNull() ?: return null
        val loops = environment.settings["loops"]?.toLongOrNull()?.takeIf { it > 0 } ?: return null
        return threads * loops
    }

    private fun cacheSplit(label: String): CacheSplit? {
        val outcomes = samples.filter { it.label == label && it.success && it.cache.isNotBlank() }.groupBy { it.cache }
        if (outcomes.isEmpty()) return null
        return CacheSplit(
            counts = outcomes.mapValues { it.value.size },
            medians = outcomes.mapValues { (_, list) -> median(list.map { it.elapsed }) },
        )
    }

    private fun median(values: List<Long>): Double {
        val sorted = values.sorted()
        val mid = sorted.size / 2
        return if (sorted.size % 2 == 1) sorted[mid].toDouble() else (sorted[mid - 1] + sorted[mid]) / 2.0
    }
}
