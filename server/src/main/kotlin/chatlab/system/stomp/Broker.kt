package chatlab.system.stomp

import org.springframework.core.env.Environment

/**
 * `chatlab.broker` (`CHATLAB_BROKER`): what carries room broadcasts. `simple`, Spring's in-memory broker, serves one
 * instance; `relay` forwards to a real STOMP broker that every instance shares (`chatlab.relay.*`), an embedded
 * Artemis when none is configured.
 */
enum class Broker(val key: String) {
    SIMPLE("simple"),
    RELAY("relay"),
    ;

    companion object {
        fun of(env: Environment): Broker {
            val value = env.getProperty("chatlab.broker")?.trim()?.takeIf { it.isNotEmpty() } ?: return SIMPLE
            return entries.firstOrNull { it.key.equals(value, ignoreCase = true) }
                ?: throw IllegalArgumentException("chatlab.broker must be 'simple' or 'relay', was '$value'")
        }
    }
}
