package chatlab.system.readiness

import org.springframework.boot.availability.AvailabilityChangeEvent
import org.springframework.boot.availability.ReadinessState
import org.springframework.context.event.EventListener
import org.springframework.stereotype.Component
import java.util.concurrent.ConcurrentHashMap

/**
 * What start-up is doing until the server is ready (e.g. seeding MySQL 120000 / 200000 messages), for the
 * `startup` health details and the 503 answers of the readiness gate. Steps report in; [done] clears them.
 */
@Component
class StartupProgress {
    private val steps = ConcurrentHashMap<String, String>()

    @Volatile
    private var done = false

    val finished: Boolean get() = done

    fun report(step: String, state: String) {
        steps[step] = state
    }

    /** Start-up is over once Spring Boot accepts traffic: after every start-up runner (seeding) has finished. */
    @EventListener
    fun onReadiness(event: AvailabilityChangeEvent<ReadinessState>) {
        if (event.state != ReadinessState.ACCEPTING_TRAFFIC) return
        steps.clear()
        done = true
    }

    fun details(): Map<String, String> = steps.toSortedMap()

    /** One line for people, e.g. `seed: writing messages; seed MongoDB: 150000 / 200000 messages`; empty before any step. */
    fun describe(): String = details().entries.joinToString("; ") { "${it.key}: ${it.value}" }
}
