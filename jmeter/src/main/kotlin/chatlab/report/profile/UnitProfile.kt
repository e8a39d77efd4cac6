package chatlab.report.profile

import chatlab.report.Subjects
import chatlab.report.Sample
import chatlab.report.SampleLabel
import chatlab.report.UnitAccount

/**
 * Where the server's time went in one unit of a profiled experiment, over its rounds: the execution samples of its JVMs
 * while the unit ran ([Recordings]), per stage (thread pool), per hottest leaf frame and per chatlab frame nearest the
 * leaf, as shares of the samples; and the unit's server CPU (the units table) per [operation] it completed (a SEND's
 * own broadcast, one member's delivery), which those shares split.
 */
data class UnitProfile(
    val plan: String,
    val unit: String,
    val rounds: Int,
    val samples: Int,
    val serverCpu: Double,
    val operation: String,
    val operations: Int,
    val stages: List<Share>,
    val leaves: List<Share>,
    val ours: List<Share>,
    /** Collapsed stacks (`stage;root;…;leaf count` per line), for a flame graph. */
    val collapsed: String,
) {
    data class Share(val name: String, val share: Double)

    /** Server CPU microseconds per operation; null without operations. */
    val cpuMicrosPerOperation: Double? get() = if (operations > 0) serverCpu * 1e6 / operations else null

    /** The file name its collapsed stacks are kept under. */
    val fileName: String get() = "$plan-${unit.replace(Regex("[^A-Za-z0-9.-]+"), "-")}.collapsed"

    companion object {
        private const val TOP = 8

        /** What each operation of a plan is: the sample that closes it. */
        val OPERATIONS = mapOf("sends" to Subjects.SEND_TO_DELIVERY, "fanout" to Subjects.DELIVERY)

        /** One profile per unit of [plans] (rounds merged), from the recordings in [recordings]. */
        fun of(recordings: Recordings, units: List<UnitAccount>, samples: List<Sample>, plans: Set<String>): List<UnitProfile> {
            val groups = units.filter { it.plan in plans && it.startedAt > 0 }.groupBy { it.plan to it.unit }
            val windows = groups.values.flatten()
            val tallies = windows.zip(recordings.tally(windows.map { it.startedAt until it.endedAt })).toMap()
            val closing = samples.filter { it.success }.groupBy { SampleLabel.parse(it.label)?.sampler }
            return groups.map { (key, list) ->
                val (plan, unit) = key
                val merged = list.map { tallies.getValue(it) }
                val operation = OPERATIONS[plan] ?: ""
                val done = closing[operation].orEmpty().filter { s -> list.any { s.timeStamp in it.startedAt until it.endedAt } }
                val paths = done.mapNotNull { SampleLabel.parse(it.label)?.target }.distinct()
                val total = merged.sumOf { it.samples }
                fun top(pick: (Recordings.Tally) -> Map<String, Int>) = merged.flatMap { pick(it).entries }.groupBy({ it.key }, { it.value })
                    .mapValues { it.value.sum() }.entries.sortedByDescending { it.value }.take(TOP).map { Share(it.key, it.value.toDouble() / total) }
                val stacks = merged.flatMap { it.stacks.entries }.groupBy({ it.key }, { it.value }).mapValues { it.value.sum() }
                UnitProfile(plan, if (paths.size == 1 && paths[0] !in unit) "$unit: ${paths[0]}" else unit, list.size, total, list.sumOf { it.serverCpu }, operation, done.size,
                    top { it.stages }, top { it.leaves }, top { it.ours },
                    stacks.entries.sortedByDescending { it.value }.joinToString("") { "${it.key} ${it.value}\n" })
            }.filter { it.samples > 0 && it.operations > 0 } // units that completed none are instruments, or slots nothing ran in
        }
    }
}
