package chatlab.message.redis

import io.micrometer.core.instrument.Counter
import io.micrometer.core.instrument.MeterRegistry
import org.springframework.stereotype.Component
import org.springframework.web.context.request.RequestContextHolder
import org.springframework.web.context.request.ServletRequestAttributes

/**
 * Makes the cache's effect visible: counts outcomes (`chatlab.cache.reads`, tag `outcome`, on /actuator/metrics)
 * and, inside an HTTP request, answers with an `X-Chatlab-Cache` header so a load test can split latency by outcome.
 */
@Component
class CacheOutcomes(registry: MeterRegistry) {
    private val counters = CacheOutcome.entries.associateWith {
        Counter.builder("chatlab.cache.reads").tag("outcome", it.key)
            .description("Reads on the mongo-redis path by how the cache answered").register(registry)
    }

    fun record(outcome: CacheOutcome) {
        counters.getValue(outcome).increment()
        (RequestContextHolder.getRequestAttributes() as? ServletRequestAttributes)?.response?.setHeader(HEADER, outcome.key)
    }

    companion object {
        const val HEADER = "X-Chatlab-Cache"
    }
}
