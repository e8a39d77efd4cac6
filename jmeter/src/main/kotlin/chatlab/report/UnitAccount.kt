package chatlab.report

import java.nio.file.Files
import java.nio.file.Path

/**
 * One measured unit (a thread group: a path or store under one shape) as the plans' drain steps saw it: how long it
 * ran, who used the CPU meanwhile (the server with its in-process MongoDB stand-in, its embedded MariaDB and Redis,
 * and JMeter itself, all on the same [cores]), whether it started on an idle server, and how long its backlog took
 * to drain after it (the wait before the next unit).
 */
data class UnitAccount(
    val plan: String,
    val unit: String,
    val seconds: Double,
    val startedIdle: Boolean,
    val drainMs: Long,
    val serverCpu: Double,
    val backendsCpu: Double,
    val jmeterCpu: Double,
    val cores: Int,
    /** The CPUs the server with its backends, and JMeter, were allowed to run on (`0-1`, or disjoint when pinned). */
    val serverCpus: String = "?",
    val jmeterCpus: String = "?",
    /** Which round of the run (the n-th time this plan ran this unit). */
    val round: Int = 1,
    /** CPU seconds the whole machine was busy, and stolen by its hypervisor, during the unit (null off Linux). */
    val machineBusy: Double? = null,
    val steal: Double? = null,
    /** When the unit started (the server idle before it), epoch milliseconds; 0 when unknown. */
    val startedAt: Long = 0,
    /** How many JMeter engines shared the unit's load (-Djmeter.remotes; the test command's second rounds run on two). */
    val engines: Int = 1,
    /**
     * How long a fixed piece of CPU work took on the machine just before the unit, ms (scripts/machine-probe.groovy, the
     * median of 5 passes; null in files kept before it was written): the machine's speed, whatever the unit measured.
     */
    val probeMs: Double? = null,
    /**
     * The messages the largest store held when the unit started, and those the unit sent into the stores (what the
     * restore after it removed); null where no restore ran (plans that send nothing, restoreSeed=false, older files).
     */
    val storeMessages: Long? = null,
    val wroteMessages: Long? = null,
) {
    /** When the next unit of the plan could start (the server idle after this one), epoch milliseconds. */
    val endedAt: Long get() = startedAt + (seconds * 1000).toLong()

    /** Busy CPU seconds that were none of this run's processes (other services on the machine). */
    val otherCpu: Double? get() = machineBusy?.let { (it - serverCpu - backendsCpu - jmeterCpu).coerceAtLeast(0.0) }

    /** The share of the unit's CPU time ([cores] × [seconds]) the hypervisor gave to others. */
    val stealShare: Double? get() = steal?.let { if (seconds > 0 && cores > 0) it / (seconds * cores) else 0.0 }

    /** CPU seconds of everything on the machine that this run started, per second of the unit. */
    val busyCores: Double get() = if (seconds > 0) (serverCpu + backendsCpu + jmeterCpu) / seconds else 0.0

    companion object {
        /** The drain step after a plan's last unit: it closes that unit and starts none. */
        const val END = "end"

        /**
         * `units.csv` holds one line per drain step: the unit about to start, when the server was idle (or gave up
         * waiting) and the CPU seconds used so far. A unit spans from its line to the next line of the same plan.
         */
        fun read(file: Path): List<UnitAccount> {
            if (!Files.isRegularFile(file)) return emptyList()
            val lines = Files.readAllLines(file).drop(1).filter { it.isNotBlank() }.map { it.split(',') }
            return lines.groupBy { it[0] }.flatMap { (plan, marks) ->
                val seen = mutableMapOf<String, Int>()
                marks.zipWithNext().filter { (start, _) -> start[1] != END }.map { (start, end) ->
                    UnitAccount(
                        plan = plan,
                        unit = start[1],
                        seconds = (end[2].toLong() - start[2].toLong()) / 1000.0,
                        startedIdle = start[4].toBoolean(),
                        drainMs = end[3].toLong(),
                        serverCpu = end[5].toDouble() - start[5].toDouble(),
                        backendsCpu = end[6].toDouble() - start[6].toDouble(),
                        jmeterCpu = end[7].toDouble() - start[7].toDouble(),
                        cores = start[8].toInt(),
                        serverCpus = start.getOrElse(9) { "?" }.replace(';', ','),
                        jmeterCpus = start.getOrElse(10) { "?" }.replace(';', ','),
                        round = seen.merge(start[1], 1, Int::plus)!!,
                        machineBusy = delta(start, end, 11),
                        steal = delta(start, end, 12),
                        startedAt = start[2].toLong(),
                        engines = start.getOrNull(13)?.toIntOrNull() ?: 1,
                        probeMs = start.getOrNull(14)?.toDoubleOrNull(),
                        storeMessages = start.getOrNull(16)?.toLongOrNull(),
                        wroteMessages = end.getOrNull(15)?.toLongOrNull(),
                    )
                }
            }
        }

        /** A cumulative column's growth over the unit; null when either line lacks it (older files, not Linux). */
        private fun delta(start: List<String>, end: List<String>, column: Int): Double? {
            val from = start.getOrNull(column)?.toDoubleOrNull() ?: return null
            val to = end.getOrNull(column)?.toDoubleOrNull() ?: return null
            return to - from
        }
    }
}
