package chatlab.message.mongo

import org.springframework.boot.context.properties.ConfigurationProperties
import java.time.Duration

/**
 * Bounds on every MongoDB call, so an unreachable server is a 503 within seconds, never the driver's defaults
 * (30 s server selection, 2 min pool wait, no socket read timeout). The read bound is generous because the
 * embedded stand-in, which scans every document, answers in seconds under the saturation shape.
 */
@ConfigurationProperties("chatlab.mongo.timeouts")
data class MongoTimeouts(
    val serverSelection: Duration = Duration.ofSeconds(2),
    val connect: Duration = Duration.ofSeconds(2),
    val read: Duration = Duration.ofSeconds(30),
    val poolWait: Duration = Duration.ofSeconds(2),
)
