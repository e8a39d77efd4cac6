package chatlab.system.readiness

import chatlab.system.stomp.StompGate
import org.slf4j.LoggerFactory
import org.springframework.messaging.Message
import org.springframework.messaging.MessageChannel
import org.springframework.messaging.MessageDeliveryException
import org.springframework.messaging.simp.stomp.StompCommand
import org.springframework.messaging.simp.stomp.StompHeaderAccessor
import org.springframework.messaging.support.MessageHeaderAccessor
import org.springframework.core.annotation.Order
import org.springframework.stereotype.Component

/** Until the server is ready, CONNECT, SUBSCRIBE and SEND get an ERROR frame saying so (and when to retry). */
@Component
@Order(0)
class StompReadinessInterceptor(private val readiness: Readiness) : StompGate {

    override fun preSend(message: Message<*>, channel: MessageChannel): Message<*> {
        if (readiness.isReady()) return message
        val accessor = MessageHeaderAccessor.getAccessor(message, StompHeaderAccessor::class.java) ?: return message
        if (accessor.command !in GATED) return message
        val reason = "not ready: ${readiness.reason()}; retry in ${Readiness.RETRY_AFTER_SECONDS} s"
        log.debug("STOMP {} refused (session {}): {}", accessor.command, accessor.sessionId, reason)
        throw MessageDeliveryException(message, reason)
    }

    companion object {
        private val log = LoggerFactory.getLogger(StompReadinessInterceptor::class.java)
        private val GATED = setOf(StompCommand.CONNECT, StompCommand.STOMP, StompCommand.SUBSCRIBE, StompCommand.SEND)
    }
}
