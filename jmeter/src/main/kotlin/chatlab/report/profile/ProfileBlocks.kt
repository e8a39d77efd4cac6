package chatlab.report.profile

import chatlab.report.Format
import chatlab.report.document.Block
import java.util.Locale

/** The profile's part of an experiment's section: per unit, the stages and frames its server time went to. */
object ProfileBlocks {
    private const val SHOWN = 4

    fun of(profiles: List<UnitProfile>, unreadable: List<String>): List<Block> {
        if (profiles.isEmpty() && unreadable.isEmpty()) return emptyList()
        return listOfNotNull(
            Block.Text(LEAD),
            unreadable.takeIf { it.isNotEmpty() }?.let { Block.Text("Recordings left out (not readable): ${it.joinToString("; ")}.", Block.Tone.BAD) },
            Block.Table("Profile: stages", listOf("unit", "where the samples fell (thread pools)", "server CPU per operation", "samples", "rounds"),
                profiles.map { p -> listOf(p.unit, split(p, p.stages), perOperation(p), Format.count(p.samples.toLong()), p.rounds.toString()) },
                profiles.map { false }),
            Block.Table("Profile: hottest frames", listOf("unit", "leaf frames (where the CPU was)", "chatlab code nearest the leaf"),
                profiles.map { p -> listOf(p.unit, shares(p.leaves), shares(p.ours)) }, profiles.map { false }),
            Block.Links("Collapsed stacks per unit, for a flame graph: ", profiles.map { it.unit to "profile/${it.fileName}" }),
        )
    }

    private fun perOperation(p: UnitProfile): String =
        p.cpuMicrosPerOperation?.let { "${micros(it)} per ${p.operation} (${Format.count(p.operations.toLong())})" } ?: "no ${p.operation} completed"

    /** Each stage's share of the samples and, with operations, its part of the CPU per operation. */
    private fun split(p: UnitProfile, stages: List<UnitProfile.Share>): String = stages.take(SHOWN).joinToString(" · ") { s ->
        "${s.name} ${Format.share(s.share)}" + (p.cpuMicrosPerOperation?.let { " (${micros(it * s.share)})" } ?: "")
    }

    private fun shares(list: List<UnitProfile.Share>): String = list.take(SHOWN).joinToString(" · ") { "${it.name} ${Format.share(it.share)}" }

    private fun micros(value: Double) = String.format(Locale.ROOT, if (value < 100) "%.1f µs" else "%,.0f µs", value)

    const val LEAD = "Profile (-Dprofile=, the JDK Flight Recorder with its profile settings on every server JVM): a Java stack every " +
        "10 ms of each thread running Java code, while each unit ran. A stage is a thread pool; its share of the samples splits the " +
        "unit's server CPU per operation (the units table's server CPU over the operations the unit completed). Samples see Java " +
        "code only: time in the kernel's socket writes, in MariaDB or Redis, is not in them. The recordings themselves are in " +
        "jmeter/target/chatlab-profile/ (JDK Mission Control, jfr print)."
}
