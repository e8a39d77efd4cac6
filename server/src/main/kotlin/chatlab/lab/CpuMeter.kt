package chatlab.lab

import jakarta.annotation.PreDestroy
import org.springframework.stereotype.Component
import java.time.Duration
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/**
 * Reads CPU time from the operating system: this process, and its descendant processes, which are the embedded
 * MariaDB and Redis (external servers are not ours to measure). Samples every [PERIOD] so [recentCores] can say how
 * many cores were busy over the last second without making the caller wait.
 */
@Component
class CpuMeter {
    private val samples = ArrayDeque<Pair<Long, Double>>()
    private val sampler = Executors.newSingleThreadScheduledExecutor { Thread(it, "chatlab-cpu-meter").apply { isDaemon = true } }

    init {
        sampler.scheduleAtFixedRate({ sample() }, 0, PERIOD.toMillis(), TimeUnit.MILLISECONDS)
    }

    fun read(): CpuSeconds {
        val self = ProcessHandle.current()
        val backends = self.descendants().toList().sumOf { seconds(it) }
        return CpuSeconds(seconds(self), backends)
    }

    /** Cores busy on average over about the last second, server and backends together. */
    @Synchronized
    fun recentCores(): Double {
        if (samples.size < 2) return 0.0
        val (t0, c0) = samples.first()
        val (t1, c1) = samples.last()
        return if (t1 > t0) (c1 - c0) / ((t1 - t0) / 1e9) else 0.0
    }

    @Synchronized
    private fun sample() {
        samples.addLast(System.nanoTime() to read().total)
        while (samples.size > WINDOW) samples.removeFirst()
    }

    @PreDestroy
    fun stop() {
        sampler.shutdownNow()
    }

    private fun seconds(process: ProcessHandle): Double =
        process.info().totalCpuDuration().map { it.toNanos() / 1e9 }.orElse(0.0)

    companion object {
        val PERIOD: Duration = Duration.ofMillis(250)
        private const val WINDOW = 5 // samples: four periods, one second
    }
}
