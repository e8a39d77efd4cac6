package chatlab.system.stomp

import jakarta.websocket.RemoteEndpoint
import jakarta.websocket.SendHandler
import jakarta.websocket.SendResult
import jakarta.websocket.Session
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.mockito.ArgumentMatchers.any
import org.mockito.ArgumentMatchers.anyString
import org.mockito.Mockito.`when`
import org.mockito.Mockito.doAnswer
import org.mockito.Mockito.mock
import org.mockito.Mockito.never
import org.mockito.Mockito.times
import org.mockito.Mockito.verify
import org.springframework.web.socket.CloseStatus
import org.springframework.web.socket.TextMessage
import org.springframework.web.socket.adapter.standard.StandardWebSocketSession
import org.springframework.web.socket.handler.SessionLimitExceededException
import java.io.EOFException
import java.io.IOException

/** The session's writes, with a container whose asynchronous sends complete when the test says so. */
class NonBlockingSessionTest {
    private val written = mutableListOf<String>()
    private val pending = ArrayDeque<SendHandler>()
    private var completeAtOnce = false
    private val remote = mock(RemoteEndpoint.Async::class.java).also { remote ->
        doAnswer { call ->
            written += call.getArgument<String>(0)
            val handler = call.getArgument<SendHandler>(1)
            if (completeAtOnce) handler.onResult(SendResult(native)) else pending += handler
            null
        }.`when`(remote).sendText(anyString(), any(SendHandler::class.java))
    }
    private val inline = mutableListOf<String>()
    private val pings = mock(RemoteEndpoint.Basic::class.java).also { basic ->
        doAnswer { call -> inline += call.getArgument<String>(0); null }.`when`(basic).sendText(anyString())
    }
    private val native = mock(Session::class.java)
    private val delegate = mock(StandardWebSocketSession::class.java).also {
        `when`(native.asyncRemote).thenReturn(remote)
        `when`(native.basicRemote).thenReturn(pings)
        `when`(native.userProperties).thenReturn(HashMap())
        `when`(it.getNativeSession(Session::class.java)).thenReturn(native)
    }
    private val session = NonBlockingSession(delegate, NonBlockingSession.OutboundLimits(buffer = 10, timeMillis = 10_000, unread = Long.MAX_VALUE))

    @Test
    fun `frames are written one at a time, in the order they were sent, each after the last was taken`() {
        listOf("a", "b", "c").forEach { session.sendMessage(TextMessage(it)) }
        assertThat(written).containsExactly("a")
        pending.removeFirst().onResult(SendResult(native))
        assertThat(written).containsExactly("a", "b")
        pending.removeFirst().onResult(SendResult(native))
        assertThat(written).containsExactly("a", "b", "c")
        verify(remote).sendTimeout = 10_000
    }

    @Test
    fun `writes that complete at once carry on with what was queued behind them`() {
        session.sendMessage(TextMessage("a"))
        session.sendMessage(TextMessage("b"))
        session.sendMessage(TextMessage("c"))
        completeAtOnce = true
        pending.removeFirst().onResult(SendResult(native))
        session.sendMessage(TextMessage("d"))
        assertThat(written).containsExactly("a", "b", "c", "d")
        assertThat(pending).isEmpty()
    }

    @Test
    fun `more bytes waiting than the limit end the session, and every later frame is refused too`() {
        session.sendMessage(TextMessage("in flight"))
        session.sendMessage(TextMessage("0123456789")) // exactly the limit waits
        assertThatThrownBy { session.sendMessage(TextMessage("!")) }.isInstanceOf(SessionLimitExceededException::class.java)
            .hasMessageContaining("11 bytes wait behind a write the client has not taken, over the limit of 10")
        assertThatThrownBy { session.sendMessage(TextMessage("later")) }.isInstanceOf(SessionLimitExceededException::class.java)
        pending.removeFirst().onResult(SendResult(native))
        assertThat(written).containsExactly("in flight")
    }

    @Test
    fun `a ping follows an eighth of the unread limit, after every frame before it, and its pong proves they were read`() {
        val pinging = NonBlockingSession(delegate, NonBlockingSession.OutboundLimits(buffer = 1_000, timeMillis = 10_000, unread = 80))
        completeAtOnce = true
        repeat(8) { pinging.sendMessage(TextMessage("0123456789")) } // a ping before the second frame, and no other until its pong
        verify(pings, times(1)).sendPing(any())
        pinging.pong() // the 10 bytes before the ping were read: 70 unproven
        repeat(2) { pinging.sendMessage(TextMessage("0123456789")) }
        verify(pings, times(2)).sendPing(any())
        assertThat(written).hasSize(10)
    }

    @Test
    fun `a client that does not answer its ping is cut off once more than the unread limit has been written to it`() {
        val pinging = NonBlockingSession(delegate, NonBlockingSession.OutboundLimits(buffer = 1_000, timeMillis = 10_000, unread = 80))
        completeAtOnce = true
        repeat(9) { pinging.sendMessage(TextMessage("0123456789")) } // 90 bytes, none proven read
        assertThatThrownBy { pinging.sendMessage(TextMessage("0123456789")) }.isInstanceOf(SessionLimitExceededException::class.java)
            .hasMessageContaining("has not answered a ping for the last 90 bytes, over the limit of 80")
    }

    @Test
    fun `a ping left unanswered past the pong limit ends the session at the next frame, and one answered in time does not`() {
        var now = 0L
        val limits = NonBlockingSession.OutboundLimits(buffer = 1_000, timeMillis = 10_000, unread = 80, pongMillis = 2_000)
        val timed = NonBlockingSession(delegate, limits) { now }
        completeAtOnce = true
        repeat(2) { timed.sendMessage(TextMessage("0123456789")) } // the ping goes out before the second frame, at 0 s
        now = 2_000_000_000
        timed.sendMessage(TextMessage("0123456789")) // waited exactly the limit
        timed.pong()
        now = 5_000_000_000
        timed.sendMessage(TextMessage("0123456789")) // 20 bytes unproven: a new ping before it, at 5 s
        verify(pings, times(2)).sendPing(any())
        now = 7_001_000_000
        assertThatThrownBy { timed.sendMessage(TextMessage("0123456789")) }.isInstanceOf(SessionLimitExceededException::class.java)
            .hasMessageContaining("has not answered a ping written 2001 ms ago, over the limit of 2000 ms")
    }

    @Test
    fun `a write that fails closes the session as not reliable`() {
        session.sendMessage(TextMessage("a"))
        session.sendMessage(TextMessage("b"))
        pending.removeFirst().onResult(SendResult(native, IOException("timed out")))
        verify(delegate).close(CloseStatus.SESSION_NOT_RELIABLE)
        assertThat(written).containsExactly("a")
        assertThatThrownBy { session.sendMessage(TextMessage("c")) }.isInstanceOf(SessionLimitExceededException::class.java)
    }

    @Test
    fun `a write the container cut short because it is closing the connection leaves the close to the container`() {
        session.sendMessage(TextMessage("a"))
        session.sendMessage(TextMessage("b"))
        pending.removeFirst().onResult(SendResult(native, EOFException()))
        verify(delegate, never()).close(any())
        assertThat(written).containsExactly("a")
        assertThatThrownBy { session.sendMessage(TextMessage("c")) }.isInstanceOf(SessionLimitExceededException::class.java)
    }

    @Test
    fun `frames within the inline limit of what the client proved it read are written with the blocking send at once`() {
        val fast = NonBlockingSession(delegate, NonBlockingSession.OutboundLimits(buffer = 1_000, timeMillis = 10_000, unread = 800, inline = 40))
        repeat(4) { fast.sendMessage(TextMessage("0123456789")) }
        assertThat(inline).hasSize(4)
        assertThat(written).isEmpty()
        verify(pings, times(1)).sendPing(any()) // after 20 unproven bytes, half the inline limit
    }

    @Test
    fun `beyond the inline limit frames are written asynchronously until a pong proves the client read them`() {
        val fast = NonBlockingSession(delegate, NonBlockingSession.OutboundLimits(buffer = 1_000, timeMillis = 10_000, unread = 800, inline = 40))
        repeat(5) { fast.sendMessage(TextMessage("0123456789")) } // the fifth makes 50 unproven bytes
        assertThat(inline).hasSize(4)
        assertThat(written).hasSize(1)
        pending.removeFirst().onResult(SendResult(native))
        fast.pong() // the 20 bytes before the ping were read: 30 unproven
        fast.sendMessage(TextMessage("0123456789"))
        assertThat(inline).hasSize(5)
    }

    @Test
    fun `an inline write that fails ends the session as not reliable`() {
        doAnswer { throw IOException("timed out") }.`when`(pings).sendText(anyString())
        val fast = NonBlockingSession(delegate, NonBlockingSession.OutboundLimits(buffer = 1_000, timeMillis = 10_000, unread = 800, inline = 40))
        fast.sendMessage(TextMessage("a"))
        verify(delegate).close(CloseStatus.SESSION_NOT_RELIABLE)
        assertThatThrownBy { fast.sendMessage(TextMessage("b")) }.isInstanceOf(SessionLimitExceededException::class.java)
            .hasMessageContaining("timed out")
    }

    @Test
    fun `an inline write the container cut short because it is closing the connection leaves the close to the container`() {
        doAnswer { throw EOFException() }.`when`(pings).sendText(anyString())
        val fast = NonBlockingSession(delegate, NonBlockingSession.OutboundLimits(buffer = 1_000, timeMillis = 10_000, unread = 800, inline = 40))
        fast.sendMessage(TextMessage("a"))
        verify(delegate, never()).close(any())
        assertThatThrownBy { fast.sendMessage(TextMessage("b")) }.isInstanceOf(SessionLimitExceededException::class.java)
    }
}
