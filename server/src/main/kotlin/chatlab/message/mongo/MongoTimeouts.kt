package chatlab.message.mongo

import org.springframework.boot.context.properties.ConfigurationProperties
import java.time.Duration

/**
 * Bounds on every MongoDB call, so an unreachable server is a 503 within seconds, never the driver's defaults
 * (30 s server selection, 2 min pool wait, no socket read timeout). Server selection is what an outage hits
 * first, so it is short. Connect, read and pool wait stay generous: the embedded stand-in, which scans every
 * document, answers in seconds under load, and the driver also uses the connect timeout as the heartbeat's read
 * timeout. A heartbeat that times out marks the server unknown and clears the pool, failing every request in
 * flight: at 2 s that failed 1,143 reads of a full run, at 10 s still about 100 in the saturation shape.
 */
@ConfigurationProperties("chatlab.mongo.timeouts")
data class MongoTimeouts(
    val serverSelection: Duration = Duration.ofSeconds(3),
    val connect: Duration = Duration.ofSeconds(30),
    val read: Duration = Duration.ofSeconds(30),
    val poolWait: Duration = Duration.ofSeconds(30),
)
