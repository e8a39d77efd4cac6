package chatlab.lab

import org.springframework.boot.context.properties.ConfigurationProperties
import java.time.Duration

/** `chatlab.lab.*`: when the server counts as idle between measured units. */
@ConfigurationProperties("chatlab.lab")
data class LabProperties(
    /** Busy cores (server and embedded backends, over [idleWindow]) below which the server counts as idle. */
    val idleCpuCores: Double = 0.2,
    /** How long each question about the server's activity measures its CPUs (and so takes). */
    val idleWindow: Duration = Duration.ofMillis(250),
) {
    init {
        require(idleWindow >= MIN_WINDOW && idleWindow <= MAX_WINDOW) { "chatlab.lab.idle-window must be between $MIN_WINDOW and $MAX_WINDOW, was $idleWindow" }
    }

    companion object {
        /** Below this, the CPU times read (in ticks of 10 ms on Linux) say little. */
        val MIN_WINDOW: Duration = Duration.ofMillis(50)
        val MAX_WINDOW: Duration = Duration.ofSeconds(5)
    }
}
