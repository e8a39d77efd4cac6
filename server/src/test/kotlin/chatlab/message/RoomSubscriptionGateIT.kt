package chatlab.message

import chatlab.IntegrationTest
import chatlab.StompFrames
import chatlab.TestRooms
import chatlab.auth.ChatPrincipal
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.messaging.MessageDeliveryException
import org.springframework.messaging.simp.stomp.StompCommand
import org.springframework.messaging.support.ExecutorSubscribableChannel

/** Channel level: which destinations a member may subscribe to, without a socket. */
@IntegrationTest
class RoomSubscriptionGateIT(@Autowired private val gate: RoomSubscriptionGate) {
    private val channel = ExecutorSubscribableChannel()

    private fun subscribe(destination: String) = StompFrames.of(StompCommand.SUBSCRIBE, ChatPrincipal(1), mutableMapOf(), "s", destination)

    @Test
    fun `a member may subscribe to its room's topic and to its own error queue`() {
        assertThat(gate.preSend(subscribe(RoomTopic.of(TestRooms.STOMP_ROOM)), channel)).isNotNull()
        assertThat(gate.preSend(subscribe("/user/queue/errors"), channel)).isNotNull()
    }

    @Test
    fun `a SUBSCRIBE to a room the user is not in is refused with the reason`() {
        assertThatThrownBy { gate.preSend(subscribe("/topic/chat-rooms.${TestRooms.OTHER_STOMP_ROOM}"), channel) }
            .isInstanceOf(MessageDeliveryException::class.java)
            .hasMessageContaining("user 1 is not a member of chat room ${TestRooms.OTHER_STOMP_ROOM}")
    }

    @Test
    fun `wildcards, the old topic names and other destinations are refused, naming the ones that exist`() {
        for (destination in listOf("/topic/chat-rooms.*", "/topic/chat-rooms.#", "/topic/chat-rooms.9.x", "/sub/chat-rooms/9", "/topic/simp-user-registry", "/queue/errors-user1")) {
            assertThatThrownBy { gate.preSend(subscribe(destination), channel) }.describedAs(destination)
                .isInstanceOf(MessageDeliveryException::class.java)
                .hasMessageContaining("use /topic/chat-rooms.{roomId} or /user/queue/errors")
        }
    }
}
