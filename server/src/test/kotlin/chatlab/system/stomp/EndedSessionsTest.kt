package chatlab.system.stomp

import chatlab.StompFrames
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.messaging.simp.stomp.StompCommand
import org.springframework.messaging.support.ExecutorSubscribableChannel
import org.springframework.web.socket.CloseStatus
import org.springframework.web.socket.messaging.SessionDisconnectEvent

class EndedSessionsTest {
    private val ended = EndedSessions()
    private val channel = ExecutorSubscribableChannel()
    private fun frame(command: StompCommand) = StompFrames.of(command, null, mutableMapOf())

    @Test
    fun `an ERROR reaches a session that did not DISCONNECT, and not one that did, until its WebSocket closed`() {
        val error = frame(StompCommand.ERROR)
        assertThat(ended.preSend(error, channel)).describedAs("the broker went away under a live session").isSameAs(error)
        val disconnect = frame(StompCommand.DISCONNECT)
        assertThat(ended.preSend(disconnect, channel)).isSameAs(disconnect)
        assertThat(ended.preSend(error, channel)).describedAs("the broker closing after the DISCONNECT's receipt").isNull()
        val receipt = frame(StompCommand.RECEIPT)
        assertThat(ended.preSend(receipt, channel)).isSameAs(receipt)
        ended.onApplicationEvent(SessionDisconnectEvent(this, disconnect, "s1", CloseStatus.NORMAL))
        assertThat(ended.ending).isZero()
        assertThat(ended.preSend(error, channel)).isSameAs(error)
    }
}
