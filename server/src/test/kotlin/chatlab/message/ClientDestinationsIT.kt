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

/** Channel level: which destinations a client may SEND and SUBSCRIBE to, without a socket. */
@IntegrationTest
class ClientDestinationsIT(@Autowired private val gate: ClientDestinations) {
    private val channel = ExecutorSubscribableChannel()

    private fun frame(command: StompCommand, destination: String?) = StompFrames.of(command, ChatPrincipal(1), mutableMapOf(), "s", destination)

    private fun refused(command: StompCommand, destination: String?) =
        assertThatThrownBy { gate.preSend(frame(command, destination), channel) }.describedAs("$command $destination")
            .isInstanceOf(MessageDeliveryException::class.java)

    @Test
    fun `a member may subscribe to its room's topic and to its own error queue, and send to its room's messages`() {
        assertThat(gate.preSend(frame(StompCommand.SUBSCRIBE, RoomTopic.of(TestRooms.STOMP_ROOM)), channel)).isNotNull()
        assertThat(gate.preSend(frame(StompCommand.SUBSCRIBE, "/user/queue/errors"), channel)).isNotNull()
        assertThat(gate.preSend(frame(StompCommand.SEND, "/pub/chat-rooms/${TestRooms.STOMP_ROOM}/messages"), channel)).isNotNull()
        for (command in listOf(StompCommand.CONNECT, StompCommand.UNSUBSCRIBE, StompCommand.DISCONNECT)) {
            assertThat(gate.preSend(frame(command, null), channel)).describedAs("$command").isNotNull()
        }
    }

    @Test
    fun `a SUBSCRIBE to a room the user is not in is refused with the reason`() {
        refused(StompCommand.SUBSCRIBE, "/topic/chat-rooms.${TestRooms.OTHER_STOMP_ROOM}")
            .hasMessageContaining("user 1 is not a member of chat room ${TestRooms.OTHER_STOMP_ROOM}")
    }

    @Test
    fun `wildcards, the old topic names and other destinations are refused, naming the ones that exist`() {
        val destinations = listOf(
            "/topic/chat-rooms.*", "/topic/chat-rooms.#", "/topic/chat-rooms.9.x", "/topic/chat-rooms.+9", "/topic/chat-rooms.9;x=1",
            "/topic/chat-rooms.%39", "/sub/chat-rooms/9", "/topic/simp-user-registry", "/queue/errors-user1", "/user/1/queue/errors",
        )
        for (destination in destinations) {
            refused(StompCommand.SUBSCRIBE, destination).hasMessageContaining("use /topic/chat-rooms.{roomId} or /user/queue/errors")
        }
    }

    @Test
    fun `a SEND anywhere but a room's messages is refused, naming the destination`() {
        val destinations = listOf(
            RoomTopic.of(TestRooms.STOMP_ROOM), RoomTopic.of(TestRooms.OTHER_STOMP_ROOM), "/user/1/queue/errors", "/user/queue/errors",
            "/queue/errors-user1", "/topic/simp-user-registry", "/topic/unresolved-user-destination", "/pub/chat-rooms/9",
            "/pub/chat-rooms/9/messages/x", "/pub/anything", "/app/chat-rooms/9/messages",
        )
        for (destination in destinations) {
            refused(StompCommand.SEND, destination).hasMessageContaining("clients may SEND only to /pub/chat-rooms/{roomId}/messages, not to '$destination'")
        }
        refused(StompCommand.SEND, null).hasMessageContaining("SEND needs a destination")
    }

    @Test
    fun `a SEND to a room whose id is not a number that fits a room id is refused, saying what a room id is`() {
        val destinations = listOf(
            "/pub/chat-rooms/abc/messages", "/pub/chat-rooms/-1/messages", "/pub/chat-rooms/1.5/messages", "/pub/chat-rooms/%39/messages",
            "/pub/chat-rooms/9999999999999999999/messages",
        )
        for (destination in destinations) {
            refused(StompCommand.SEND, destination)
                .hasMessageContaining("clients may SEND only to /pub/chat-rooms/{roomId}/messages with roomId a room's number, not to '$destination'")
        }
        assertThat(gate.preSend(frame(StompCommand.SEND, "/pub/chat-rooms/999999999999999999/messages"), channel)).isNotNull()
    }

    @Test
    fun `frames the API does not use are refused`() {
        for (command in listOf(StompCommand.ACK, StompCommand.NACK, StompCommand.BEGIN, StompCommand.COMMIT, StompCommand.ABORT)) {
            refused(command, null).hasMessageContaining("$command is not part of this API")
        }
    }
}
