package chatlab.system.stomp

import org.springframework.core.annotation.Order
import org.springframework.messaging.Message
import org.springframework.messaging.MessageChannel
import org.springframework.messaging.MessageDeliveryException
import org.springframework.messaging.simp.stomp.StompCommand
import org.springframework.messaging.simp.stomp.StompHeaderAccessor
import org.springframework.messaging.support.MessageHeaderAccessor
import org.springframework.stereotype.Component

/**
 * While the broker is unavailable a CONNECT gets an ERROR frame that says so, instead of the silence the relay answers
 * with (it drops client frames it cannot forward); the client retries, on this instance or another.
 */
@Component
@Order(5)
class BrokerGate(private val broker: BrokerAvailability) : StompGate {

    override fun preSend(message: Message<*>, channel: MessageChannel): Message<*> {
        if (broker.available) return message
        val accessor = MessageHeaderAccessor.getAccessor(message, StompHeaderAccessor::class.java) ?: return message
        if (accessor.command != StompCommand.CONNECT && accessor.command != StompCommand.STOMP) return message
        throw MessageDeliveryException(message, "the message broker is unavailable; retry in $RETRY_SECONDS s")
    }

    companion object {
        const val RETRY_SECONDS = 2
    }
}
