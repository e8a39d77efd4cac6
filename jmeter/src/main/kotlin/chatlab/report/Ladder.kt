package chatlab.report

/**
 * A capacity ladder an experiment's plan climbs: the sampler each step is judged on, the subjects it runs (read paths,
 * stores, room sizes: [subjects] may read them off the run's labels and environment) and the p95 a step must hold, the
 * setting [sloSetting] when the run names it, else the run's SLO. The report finds every subject's capacity on it.
 */
class Ladder(
    val sampler: String,
    val sloSetting: String? = null,
    val subjects: (labels: Collection<SampleLabel>, environment: Environment) -> List<Subject>,
) {
    constructor(sampler: String, subjects: List<Subject>) : this(sampler, null, { _, _ -> subjects })

    fun slo(environment: Environment, runSlo: Double): Double = sloSetting?.let { environment.settings[it]?.toDoubleOrNull() } ?: runSlo
}
