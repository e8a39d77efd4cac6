package chatlab.lab

import org.springframework.boot.context.properties.ConfigurationProperties

/** `chatlab.lab.*`: when the server counts as idle between measured units. */
@ConfigurationProperties("chatlab.lab")
data class LabProperties(
    /** Busy cores (server and embedded backends, last second) below which the server counts as idle. */
    val idleCpuCores: Double = 0.2,
)
