package chatlab.lab

import org.springframework.stereotype.Component
import java.time.Duration

/**
 * Reads CPU time from the operating system: this process, and its descendant processes, which are the embedded
 * MariaDB and Redis (external servers are not ours to measure). Nothing runs in the background: the server under
 * measurement pays for a reading only when the lab asks for one.
 */
@Component
class CpuMeter {

    fun read(): CpuSeconds {
        val self = ProcessHandle.current()
        val backends = self.descendants().toList().sumOf { seconds(it) }
        return CpuSeconds(seconds(self), backends)
    }

    /** Cores busy on average over [window] from now (server and backends together); blocks the caller for [window]. */
    fun busyCores(window: Duration = WINDOW): Double {
        val start = System.nanoTime()
        val before = read().total
        Thread.sleep(window.toMillis())
        val after = read().total
        return (after - before) / ((System.nanoTime() - start) / 1e9)
    }

    private fun seconds(process: ProcessHandle): Double =
        process.info().totalCpuDuration().map { it.toNanos() / 1e9 }.orElse(0.0)

    companion object {
        val WINDOW: Duration = Duration.ofMillis(250)
    }
}
