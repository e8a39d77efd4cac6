package chatlab.report

/**
 * A reference-shape table an experiment's plan measures (the public write-up's shape: a closed model, every thread its
 * loops): one row per subject of [sampler], each compared with the [baseline] subject's row.
 */
data class ReferenceShape(val sampler: String, val subjects: List<Subject>, val baseline: String)
