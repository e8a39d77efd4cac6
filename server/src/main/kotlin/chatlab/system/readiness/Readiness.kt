package chatlab.system.readiness

import org.springframework.boot.availability.ApplicationAvailability
import org.springframework.boot.availability.ReadinessState
import org.springframework.stereotype.Component

/**
 * Whether the server may serve: Spring Boot's readiness state, which turns ACCEPTING_TRAFFIC only after every
 * start-up runner (indexes, seeding) has finished and back to REFUSING_TRAFFIC when shutdown begins.
 */
@Component
class Readiness(private val availability: ApplicationAvailability, private val progress: StartupProgress) {

    fun isReady(): Boolean = availability.readinessState == ReadinessState.ACCEPTING_TRAFFIC

    /** Why not, for a 503 body or an ERROR frame. */
    fun reason(): String = when {
        progress.finished -> "the server is shutting down"
        else -> "the server is starting" + progress.describe().let { if (it.isEmpty()) "" else " ($it)" }
    }

    companion object {
        /** Seconds a refused client is asked to wait (the `Retry-After` header). */
        const val RETRY_AFTER_SECONDS = 2
    }
}
