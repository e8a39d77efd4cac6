package chatlab.lab

import org.springframework.boot.context.properties.ConfigurationProperties
import java.time.Duration

/** `chatlab.lab.*`: when the server counts as idle between measured units, and the planted difference. */
@ConfigurationProperties("chatlab.lab")
data class LabProperties(
    /** Busy cores (server and embedded backends, over [idleWindow]) below which the server counts as idle. */
    val idleCpuCores: Double = 0.2,
    /** How long each question about the server's activity measures its CPUs (and so takes). */
    val idleWindow: Duration = Duration.ofMillis(250),
    /**
     * The planted difference ([PlantedSlowdown], [PlantedSends]): requests marked for it are answered this share of their
     * own time later, SENDs marked for it broadcast this share of their storing time later (0.25: 25 %). 0, the default,
     * plants nothing.
     */
    val plantedSlowdown: Double = 0.0,
) {
    init {
        require(plantedSlowdown in 0.0..MAX_SLOWDOWN) { "chatlab.lab.planted-slowdown must be a share between 0 and $MAX_SLOWDOWN, was $plantedSlowdown" }
        require(idleWindow >= MIN_WINDOW && idleWindow <= MAX_WINDOW) { "chatlab.lab.idle-window must be between $MIN_WINDOW and $MAX_WINDOW, was $idleWindow" }
    }

    companion object {
        /** Below this, the CPU times read (in ticks of 10 ms on Linux) say little. */
        val MIN_WINDOW: Duration = Duration.ofMillis(50)
        val MAX_WINDOW: Duration = Duration.ofSeconds(5)
        const val MAX_SLOWDOWN = 4.0
    }
}
