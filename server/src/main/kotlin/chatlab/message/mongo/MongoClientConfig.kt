package chatlab.message.mongo

import org.springframework.boot.mongodb.autoconfigure.MongoClientSettingsBuilderCustomizer
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import java.util.concurrent.TimeUnit

/** Applies [MongoTimeouts] to the client Spring Boot builds from `spring.mongodb.uri`. */
@Configuration
class MongoClientConfig {
    @Bean
    fun mongoTimeoutsCustomizer(timeouts: MongoTimeouts) = MongoClientSettingsBuilderCustomizer { settings ->
        settings.applyToClusterSettings { it.serverSelectionTimeout(timeouts.serverSelection.toMillis(), TimeUnit.MILLISECONDS) }
        settings.applyToSocketSettings {
            it.connectTimeout(timeouts.connect.toMillis(), TimeUnit.MILLISECONDS)
            it.readTimeout(timeouts.read.toMillis(), TimeUnit.MILLISECONDS)
        }
        settings.applyToConnectionPoolSettings { it.maxWaitTime(timeouts.poolWait.toMillis(), TimeUnit.MILLISECONDS) }
    }
}
