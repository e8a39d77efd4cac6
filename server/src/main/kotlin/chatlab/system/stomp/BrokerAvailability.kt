package chatlab.system.stomp

import org.slf4j.LoggerFactory
import org.springframework.context.ApplicationListener
import org.springframework.messaging.simp.broker.BrokerAvailabilityEvent
import org.springframework.stereotype.Component
import java.util.concurrent.atomic.AtomicBoolean

/**
 * Whether the broker can take messages now, as Spring announces it: the simple broker once started, the relay while its
 * system connection to the real broker is up (it reconnects by itself, every 5 s, after a loss).
 */
@Component
class BrokerAvailability : ApplicationListener<BrokerAvailabilityEvent> {
    private val state = AtomicBoolean(false)

    val available: Boolean get() = state.get()

    override fun onApplicationEvent(event: BrokerAvailabilityEvent) {
        if (state.getAndSet(event.isBrokerAvailable) != event.isBrokerAvailable) {
            if (event.isBrokerAvailable) log.info("Message broker available") else log.warn("Message broker unavailable")
        }
    }

    companion object {
        private val log = LoggerFactory.getLogger(BrokerAvailability::class.java)
    }
}
