package chatlab.seat

import org.springframework.boot.context.properties.ConfigurationProperties
import java.time.Duration

/** `chatlab.seats.*`: how long the Redis lock strategy waits for and holds a room's lock. */
@ConfigurationProperties("chatlab.seats")
data class SeatProperties(
    /** How long an entrant waits for the room's lock before it gets a 503 (the public test's p95 was 1.2 s). */
    val lockWait: Duration = Duration.ofSeconds(10),
    /** The lock frees itself after this long if its holder dies (no watchdog): far above a check-and-insert. */
    val lockLease: Duration = Duration.ofSeconds(5),
)
