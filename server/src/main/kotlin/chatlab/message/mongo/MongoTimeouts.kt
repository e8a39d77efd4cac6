package chatlab.message.mongo

import org.springframework.boot.context.properties.ConfigurationProperties
import java.time.Duration

/**
 * Bounds on every MongoDB call, so an unreachable server is a 503 within seconds, never the driver's defaults
 * (30 s server selection, 2 min pool wait, no socket read timeout). Server selection is what an outage hits
 * first, so it is short. Connect, read and pool wait stay generous: the embedded stand-in, which scans every
 * document, answers in seconds under load, and a 2 s connect timeout there timed out its heartbeats, cleared
 * the pool and failed hundreds of requests in a full run.
 */
@ConfigurationProperties("chatlab.mongo.timeouts")
data class MongoTimeouts(
    val serverSelection: Duration = Duration.ofSeconds(3),
    val connect: Duration = Duration.ofSeconds(10),
    val read: Duration = Duration.ofSeconds(30),
    val poolWait: Duration = Duration.ofSeconds(30),
)
