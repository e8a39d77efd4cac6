package chatlab.system.stomp

import org.springframework.core.env.Environment

/**
 * `chatlab.broker` (`CHATLAB_BROKER`): what carries room broadcasts. `simple`, Spring's in-memory broker, serves one
 * instance; `relay` forwards to a real STOMP broker that every instance shares (`chatlab.relay.*`), an embedded
 * Artemis when none is configured. Several instances (`chatlab.fleet.instances` > 1) relay by default and cannot use
 * `simple`.
 */
enum class Broker(val key: String) {
    SIMPLE("simple"),
    RELAY("relay"),
    ;

    companion object {
        fun of(env: Environment): Broker {
            val fleet = env.getProperty("chatlab.fleet.instances", Int::class.java, 1) > 1
            val value = env.getProperty("chatlab.broker")?.trim()?.takeIf { it.isNotEmpty() } ?: return if (fleet) RELAY else SIMPLE
            val broker = entries.firstOrNull { it.key.equals(value, ignoreCase = true) }
                ?: throw IllegalArgumentException("chatlab.broker must be 'simple' or 'relay', was '$value'")
            require(broker == RELAY || !fleet) { "chatlab.fleet.instances > 1 needs chatlab.broker=relay: the in-memory broker reaches one instance only" }
            return broker
        }
    }
}
