package chatlab.message.redis

import org.springframework.boot.context.properties.ConfigurationProperties
import java.time.Duration

/**
 * `chatlab.cache.*`: per-room bound, TTL refreshed on write, how long Redis is bypassed after a failure, and the
 * read-ahead: a miss fetches at least this many messages below the gap, so the cache warms faster than page by page.
 */
@ConfigurationProperties("chatlab.cache")
data class CacheProperties(
    val maxPerRoom: Int = 5_000,
    val readAhead: Int = 100,
    val ttl: Duration = Duration.ofHours(1),
    val retryAfter: Duration = Duration.ofSeconds(2),
)
