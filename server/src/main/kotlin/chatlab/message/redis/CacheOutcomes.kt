package chatlab.message.redis

import chatlab.message.CacheOutcome
import io.micrometer.core.instrument.Counter
import io.micrometer.core.instrument.MeterRegistry
import org.springframework.stereotype.Component

/**
 * Counts the cache's outcomes (`chatlab.cache.reads`, tag `outcome`, on /actuator/metrics). Each read also returns its
 * outcome ([chatlab.message.KeysetRead.cache]), which the history endpoint sends as the [CacheOutcome.HEADER] header.
 */
@Component
class CacheOutcomes(registry: MeterRegistry) {
    private val counters = CacheOutcome.entries.associateWith {
        Counter.builder("chatlab.cache.reads").tag("outcome", it.key)
            .description("Reads on the mongo-redis path by how the cache answered").register(registry)
    }

    fun record(outcome: CacheOutcome) {
        counters.getValue(outcome).increment()
    }
}
