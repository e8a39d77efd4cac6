package chatlab.system.info

import chatlab.system.stomp.Broker
import chatlab.system.stomp.BrokerAvailability
import chatlab.system.stomp.RelayProperties
import org.springframework.boot.health.contributor.AbstractHealthIndicator
import org.springframework.boot.health.contributor.Health
import org.springframework.core.env.Environment
import org.springframework.stereotype.Component

/** The `broker` health check: whether room broadcasts can go out now (for the relay: its connection to the broker). */
@Component("brokerHealthIndicator")
class BrokerHealthIndicator(private val availability: BrokerAvailability, private val relay: RelayProperties, env: Environment) :
    AbstractHealthIndicator("broker health check failed") {
    private val broker = Broker.of(env)

    override fun doHealthCheck(builder: Health.Builder) {
        (if (availability.available) builder.up() else builder.down()).withDetail("broker", broker.key)
        if (broker == Broker.RELAY) builder.withDetail("relay", "${relay.host}:${relay.port}")
    }
}
