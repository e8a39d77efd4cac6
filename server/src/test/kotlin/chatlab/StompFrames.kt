package chatlab

import org.springframework.messaging.Message
import org.springframework.messaging.simp.stomp.StompCommand
import org.springframework.messaging.simp.stomp.StompHeaderAccessor
import org.springframework.messaging.support.MessageBuilder
import java.security.Principal

/** Client frames as they enter the inbound channel, for channel-level tests of the STOMP gates. */
object StompFrames {
    fun of(command: StompCommand, user: Principal?, session: MutableMap<String, Any>, id: String? = null, destination: String? = null): Message<ByteArray> {
        val accessor = StompHeaderAccessor.create(command).apply {
            sessionId = "s1"
            sessionAttributes = session
            this.user = user
            id?.let { subscriptionId = it }
            destination?.let { this.destination = it }
            setLeaveMutable(true)
        }
        return MessageBuilder.createMessage(ByteArray(0), accessor.messageHeaders)
    }
}
