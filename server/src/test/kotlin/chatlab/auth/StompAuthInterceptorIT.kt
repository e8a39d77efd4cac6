package chatlab.auth

import chatlab.IntegrationTest
import chatlab.StompFrames
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.messaging.MessageDeliveryException
import org.springframework.messaging.simp.stomp.StompCommand
import org.springframework.messaging.support.ExecutorSubscribableChannel

/** Channel level: the interceptor's decisions, without a socket (so no ERROR frame can be lost in transit). */
@IntegrationTest
class StompAuthInterceptorIT(@Autowired private val interceptor: StompAuthInterceptor) {
    private val channel = ExecutorSubscribableChannel()
    private val session = mutableMapOf<String, Any>()

    private fun subscribe(id: String, user: ChatPrincipal? = ChatPrincipal(1)) =
        StompFrames.of(StompCommand.SUBSCRIBE, user, session, id, "/user/queue/errors")

    @Test
    fun `a subscription id is refused while in use and free again after UNSUBSCRIBE`() {
        assertThat(interceptor.preSend(subscribe("same"), channel)).isNotNull()
        assertThatThrownBy { interceptor.preSend(subscribe("same"), channel) }
            .isInstanceOf(MessageDeliveryException::class.java)
            .hasMessageContaining("subscription id 'same' is already in use")
        interceptor.preSend(StompFrames.of(StompCommand.UNSUBSCRIBE, ChatPrincipal(1), session, "same"), channel)
        assertThat(interceptor.preSend(subscribe("same"), channel)).isNotNull()
        assertThat(interceptor.preSend(subscribe("other"), channel)).isNotNull()
    }

    @Test
    fun `a SUBSCRIBE or SEND before an authenticated CONNECT is refused with the reason`() {
        assertThatThrownBy { interceptor.preSend(subscribe("x", user = null), channel) }
            .isInstanceOf(MessageDeliveryException::class.java).hasMessageContaining("not authenticated")
        assertThatThrownBy { interceptor.preSend(StompFrames.of(StompCommand.SEND, null, session, destination = "/pub/chat-rooms/9/messages"), channel) }
            .isInstanceOf(MessageDeliveryException::class.java).hasMessageContaining("not authenticated")
    }
}
