package chatlab.report

import java.util.Locale

/**
 * What this machine is, against the reference host: the fastest host of this machine kind (2 shared cores, JDK 17)
 * chatlab's main job has run on. There the server and its backends spent 2.34–3.35 CPU ms per chat-mix read after
 * round 1 in five main runs (median 2.87) and the instrument's read ceiling (`GET /api/v1/me`) was 2,263–3,806/s in
 * seven (median 3,200/s). On slower hosts of the same kind the first figure read 6.6–9.0 ms and the ceiling 322–1,148/s,
 * and every capacity fell with them: a user on such a host must read the capacities as this machine's, each against
 * this run's ceiling, before a figure of 0/s reads as the software's.
 */
object ReferenceHost {
    const val CPU_MS_PER_READ = 2.87
    const val READ_CEILING = 3200.0

    /** Within this factor of the reference both ways, the machine is called like it. */
    const val LIKE = 1.3

    /**
     * The first screen's line on the machine, for a run at the main job's settings (the reference figures are that load's);
     * null for other settings, or a run that measured neither figure. The second value: whether the machine is like the
     * reference host.
     */
    fun line(c: Comparison): Pair<String, Boolean>? {
        if (c.changedSettings.isNotEmpty()) return null
        val cpu = MachineCheck.of(c)?.median
        val ceiling = Findings.ceiling(c.readCapacity)?.capacity?.median
        if (cpu == null && ceiling == null) return null
        val slower = listOfNotNull(cpu?.let { it / CPU_MS_PER_READ }, ceiling?.let { READ_CEILING / it }).max()
        val parts = listOfNotNull(
            cpu?.let { String.format(Locale.ROOT, "the server spent %.2f CPU ms per chat-mix read, %s the reference host's %.2f", it, times(it / CPU_MS_PER_READ), CPU_MS_PER_READ) },
            ceiling?.let { "the instrument's read ceiling was ${Format.rate(Math.rint(it))}/s, ${times(it / READ_CEILING)} the reference host's ${Format.rate(READ_CEILING)}/s" },
        )
        val like = slower <= LIKE && slower >= 1 / LIKE
        val reading = when {
            like -> "this machine is like the reference host, so its capacities compare with those the documents quote."
            slower > 1 -> "this machine is slower: every capacity here is this machine's, to be read against this run's ceiling, not as the software's."
            else -> "this machine is faster than the reference host: its capacities are this machine's."
        }
        return "This machine: ${parts.joinToString("; ")}; $reading" to like
    }

    private fun times(x: Double) = String.format(Locale.ROOT, "%.2f×", x)
}
