package chatlab.message.redis

import chatlab.system.stomp.Broker
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.core.env.Environment
import org.springframework.jdbc.core.JdbcTemplate
import java.time.Clock

/** One instance (the simple broker) keeps the marks in memory; instances behind a relay share them in MySQL. */
@Configuration(proxyBeanMethods = false)
class MissedWritesConfig {
    @Bean
    fun missedWrites(env: Environment, jdbc: JdbcTemplate, clock: Clock): MissedWrites =
        if (Broker.of(env) == Broker.RELAY) SharedMissedWrites(jdbc, clock) else LocalMissedWrites()
}
