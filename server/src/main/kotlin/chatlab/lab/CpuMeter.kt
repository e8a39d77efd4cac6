package chatlab.lab

import chatlab.system.fleet.Fleet
import org.springframework.stereotype.Component
import java.time.Duration

/**
 * Reads CPU time from the operating system: this process, and its descendant processes, which are the embedded
 * MariaDB and Redis (external servers are not ours to measure) and, in a fleet, the other server instances (counted as
 * server; each further deployment's instances also by the deployment's name, so a load plan can tell the deployment it
 * measures from the fleet's idle rest). Nothing runs in the background: the server under measurement pays for a reading
 * only when the lab asks for one.
 */
@Component
class CpuMeter(private val fleet: Fleet) {

    fun read(): CpuSeconds {
        val self = ProcessHandle.current()
        val instances = fleet.members().drop(1).map { it.pid }.toSet()
        val (servers, backends) = self.descendants().toList().partition { it.pid() in instances }
        val perInstance = servers.associate { it.pid() to seconds(it) }
        val deployments = fleet.deployments().mapValues { (_, members) -> members.sumOf { perInstance[it.pid] ?: 0.0 } }
        return CpuSeconds(seconds(self) + perInstance.values.sum(), backends.sumOf { seconds(it) }, deployments)
    }

    /** Cores busy on average over [window] from now (server and backends together); blocks the caller for [window]. */
    fun busyCores(window: Duration): Double {
        val start = System.nanoTime()
        val before = read().total
        Thread.sleep(window.toMillis())
        val after = read().total
        return (after - before) / ((System.nanoTime() - start) / 1e9)
    }

    private fun seconds(process: ProcessHandle): Double =
        process.info().totalCpuDuration().map { it.toNanos() / 1e9 }.orElse(0.0)
}
