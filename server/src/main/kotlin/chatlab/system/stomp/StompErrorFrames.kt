package chatlab.system.stomp

import org.springframework.beans.factory.annotation.Qualifier
import org.springframework.context.annotation.Lazy
import org.springframework.messaging.Message
import org.springframework.messaging.MessageChannel
import org.springframework.messaging.simp.stomp.StompCommand
import org.springframework.messaging.simp.stomp.StompHeaderAccessor
import org.springframework.messaging.support.MessageBuilder
import org.springframework.messaging.support.MessageHeaderAccessor
import org.springframework.stereotype.Component

/**
 * Answers a refused client frame with an ERROR frame naming the reason; Spring closes the session once it is written
 * (STOMP 1.2). Sent on the outbound channel rather than thrown: with frames handled in order per session, Spring
 * logs an exception thrown while a frame enters the inbound channel and sends the client nothing
 * (spring-projects/spring-framework#33937).
 */
@Component
class StompErrorFrames(@Lazy @Qualifier("clientOutboundChannel") private val outbound: MessageChannel) {

    fun send(refused: Message<*>, reason: String) {
        val frame = MessageHeaderAccessor.getAccessor(refused, StompHeaderAccessor::class.java)
        val error = StompHeaderAccessor.create(StompCommand.ERROR).apply {
            message = reason
            sessionId = frame?.sessionId
            frame?.receipt?.let { receiptId = it }
        }
        outbound.send(MessageBuilder.createMessage(ByteArray(0), error.messageHeaders))
    }
}
