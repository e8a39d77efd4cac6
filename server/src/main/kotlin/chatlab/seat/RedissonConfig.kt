package chatlab.seat

import org.redisson.Redisson
import org.redisson.api.RedissonClient
import org.redisson.config.Config
import org.springframework.beans.factory.annotation.Value
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.context.annotation.Lazy

/**
 * Redisson, for the seats experiment's distributed lock, on the same Redis as the cache (`spring.data.redis.url`).
 * Lazy, so that a Redis that is down at start-up does not stop the server (the cache copes): [RedissonWarmUp] connects
 * it while the server starts, and when Redis is down then, it connects on first use.
 */
@Configuration
class RedissonConfig {
    @Bean(destroyMethod = "shutdown")
    @Lazy
    fun redisson(@Value("\${spring.data.redis.url}") url: String): RedissonClient = Redisson.create(
        Config().apply {
            useSingleServer().setAddress(url).setConnectTimeout(1_000).setTimeout(3_000).setConnectionMinimumIdleSize(2).setConnectionPoolSize(32)
        },
    )
}
