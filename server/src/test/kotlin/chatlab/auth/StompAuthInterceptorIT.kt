package chatlab.auth

import chatlab.IntegrationTest
import chatlab.TestRooms
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.messaging.Message
import org.springframework.messaging.MessageDeliveryException
import org.springframework.messaging.simp.stomp.StompCommand
import org.springframework.messaging.simp.stomp.StompHeaderAccessor
import org.springframework.messaging.support.ExecutorSubscribableChannel
import org.springframework.messaging.support.MessageBuilder

/** Channel level: the interceptor's SUBSCRIBE decisions, without a socket (so no ERROR frame can be lost in transit). */
@IntegrationTest
class StompAuthInterceptorIT(@Autowired private val interceptor: StompAuthInterceptor) {
    private val channel = ExecutorSubscribableChannel()
    private val session = mutableMapOf<String, Any>()

    private fun frame(command: StompCommand, id: String, destination: String = "/sub/chat-rooms/${TestRooms.STOMP_ROOM}"): Message<ByteArray> {
        val accessor = StompHeaderAccessor.create(command).apply {
            sessionId = "s1"
            sessionAttributes = session
            user = ChatPrincipal(1)
            subscriptionId = id
            if (command == StompCommand.SUBSCRIBE) this.destination = destination
            setLeaveMutable(true)
        }
        return MessageBuilder.createMessage(ByteArray(0), accessor.messageHeaders)
    }

    @Test
    fun `a subscription id is refused while in use and free again after UNSUBSCRIBE`() {
        assertThat(interceptor.preSend(frame(StompCommand.SUBSCRIBE, "same"), channel)).isNotNull()
        assertThatThrownBy { interceptor.preSend(frame(StompCommand.SUBSCRIBE, "same", "/user/queue/errors"), channel) }
            .isInstanceOf(MessageDeliveryException::class.java)
            .hasMessageContaining("subscription id 'same' is already in use")
        interceptor.preSend(frame(StompCommand.UNSUBSCRIBE, "same"), channel)
        assertThat(interceptor.preSend(frame(StompCommand.SUBSCRIBE, "same", "/user/queue/errors"), channel)).isNotNull()
        assertThat(interceptor.preSend(frame(StompCommand.SUBSCRIBE, "other"), channel)).isNotNull()
    }

    @Test
    fun `a SUBSCRIBE to a room the user is not in is refused with the reason`() {
        assertThatThrownBy { interceptor.preSend(frame(StompCommand.SUBSCRIBE, "x", "/sub/chat-rooms/${TestRooms.OTHER_STOMP_ROOM}"), channel) }
            .isInstanceOf(MessageDeliveryException::class.java)
            .hasMessageContaining("user 1 is not a member of chat room ${TestRooms.OTHER_STOMP_ROOM}")
    }
}
