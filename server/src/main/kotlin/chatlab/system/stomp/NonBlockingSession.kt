package chatlab.system.stomp

import jakarta.websocket.SendHandler
import jakarta.websocket.SendResult
import org.springframework.web.socket.BinaryMessage
import org.springframework.web.socket.CloseStatus
import org.springframework.web.socket.PingMessage
import org.springframework.web.socket.TextMessage
import org.springframework.web.socket.WebSocketMessage
import org.springframework.web.socket.WebSocketSession
import org.springframework.web.socket.adapter.NativeWebSocketSession
import org.springframework.web.socket.handler.SessionLimitExceededException
import org.springframework.web.socket.handler.WebSocketSessionDecorator
import java.io.EOFException
import java.io.IOException
import java.util.ArrayDeque
import java.util.concurrent.atomic.AtomicReference

/**
 * Writes a session's frames with the container's asynchronous send, one at a time and in order, so a client that stops
 * reading holds no thread. Spring writes with a blocking send that waits up to 20 s (Tomcat's blocking send timeout)
 * on a full socket, on one of the outbound channel's threads (four on two cores); with ordered publishing its own
 * buffer and time limits are checked only by the next send to the same session, on another thread. Five stalled
 * subscribers therefore took every outbound thread and stopped every delivery on the server for 20 s. Here a session
 * ends (Spring's `SessionLimitExceededException`, whose handler closes it with 4500, session not reliable) when:
 * - more than [OutboundLimits.buffer] bytes wait behind a write the client has not taken;
 * - one write has waited [OutboundLimits.timeMillis] (the container's send timeout closes the connection);
 * - the client has not shown it read the last [OutboundLimits.unread] bytes. A write completes once the bytes are in
 *   the socket's buffers, and the client's receive buffer alone grows to `net.ipv4.tcp_rmem`'s maximum (32 MB here), so
 *   completed writes do not prove reading. A WebSocket ping does: every client answers one with a pong when it reads
 *   it (RFC 6455), so the pong proves everything written before the ping was read. A ping follows every
 *   `unread / 8` bytes (every `inline / 2` when that is less), one at a time.
 *
 * Tomcat calls an asynchronous send's handler on one of its own threads, never on the writer's (the WebSocket API's
 * rule against nested sends), so every asynchronous write costs a hand-off between threads: at 200 members and 30
 * SENDs a second, Tomcat's pool ran 200 threads for the frames' callbacks. A frame that fits within
 * [OutboundLimits.inline] bytes of what the client has proven read is written with the blocking send on the writer's
 * own thread instead: the socket's send buffer (16 KB to start with, `net.ipv4.tcp_wmem`) holds no more than the client
 * has not read, so such a write does not wait. Should it wait all the same, it fails after the ping's 1 s and the
 * session ends as not reliable.
 */
class NonBlockingSession(
    delegate: WebSocketSession,
    private val limits: OutboundLimits,
    private val nanoTime: () -> Long = System::nanoTime,
) : WebSocketSessionDecorator(delegate) {
    private val native = (delegate as? NativeWebSocketSession)?.getNativeSession(jakarta.websocket.Session::class.java)?.also {
        it.asyncRemote.sendTimeout = limits.timeMillis
        it.userProperties[BLOCKING_SEND_TIMEOUT] = PING_WRITE_MILLIS // pings and inline frames are written blocking
    }
    private val lock = Any()
    private val queue = ArrayDeque<WebSocketMessage<*>>()
    private var queuedBytes = 0L
    private var writing = false
    private var written = 0L
    private var readUpTo = 0L
    private var pingAt: Long? = null
    private var pingWrittenNanos = 0L
    /** Whether the frame [takeNext] returned last lies within [OutboundLimits.inline] of what the client proved it read. */
    private var inline = false
    @Volatile private var failure: String? = null
    private val pingEvery = (limits.unread / PINGS_PER_LIMIT).let { if (limits.inline > 0) minOf(it, limits.inline / 2) else it }

    override fun sendMessage(message: WebSocketMessage<*>) {
        if (native == null || (message !is TextMessage && message !is BinaryMessage)) return super.sendMessage(message)
        failure?.let { throw SessionLimitExceededException(it, CloseStatus.SESSION_NOT_RELIABLE) }
        synchronized(lock) {
            val unread = written - readUpTo
            if (unread > limits.unread) refuse("the client has not answered a ping for the last $unread bytes, over the limit of ${limits.unread}")
            if (pingAt.let { it != null && it != QUEUED }) {
                val waited = (nanoTime() - pingWrittenNanos) / 1_000_000
                if (waited > limits.pongMillis) refuse("the client has not answered a ping written $waited ms ago, over the limit of ${limits.pongMillis} ms")
            }
            if (pingAt == null && unread >= pingEvery) enqueue(PingMessage()).also { pingAt = QUEUED }
            enqueue(message)
            if (writing) {
                if (queuedBytes > limits.buffer) refuse("$queuedBytes bytes wait behind a write the client has not taken, over the limit of ${limits.buffer}")
                return
            }
            writing = true
        }
        takeNext()?.let(::writeFrom)
    }

    /** The client answered the ping: it has read everything written before it ([NonBlockingSessions] hands pongs on). */
    fun pong() = synchronized(lock) {
        pingAt?.takeIf { it != QUEUED }?.let { readUpTo = it; pingAt = null }
    }

    private fun enqueue(message: WebSocketMessage<*>) {
        queue.addLast(message)
        queuedBytes += message.payloadLength
    }

    private fun refuse(reason: String): Nothing {
        failed(reason)
        throw SessionLimitExceededException(reason, CloseStatus.SESSION_NOT_RELIABLE)
    }

    /**
     * Writes [first] and the frames queued behind it: pings and inline frames complete at once, on this thread; an
     * asynchronous write continues from its callback, on one of Tomcat's. A failed write ends the session as not reliable, unless the container failed it
     * with an `EOFException`: Tomcat does that only when it is closing the connection itself, with its own reason (1009
     * for a frame too big), which a second close would race.
     */
    private fun writeFrom(first: WebSocketMessage<*>) {
        var next: WebSocketMessage<*>? = first
        while (next != null) {
            val phase = AtomicReference(Phase.WRITING)
            try {
                write(next, inline) { result ->
                    if (!result.isOK) {
                        failed("the write to the client failed: ${result.exception}")
                        if (result.exception !is EOFException) runCatching { delegate.close(CloseStatus.SESSION_NOT_RELIABLE) }
                    } else if (!phase.compareAndSet(Phase.WRITING, Phase.DONE_AT_ONCE)) {
                        runCatching { takeNext()?.let(::writeFrom) } // a failure there has been recorded
                    }
                }
            } catch (e: RuntimeException) { // the session was closed under it
                failed("the write to the client failed: $e")
                throw e
            }
            if (phase.compareAndSet(Phase.WRITING, Phase.PENDING)) return
            next = takeNext()
        }
    }

    /** Pings, and text frames [inline], with the blocking send, calling [done] at once; the rest asynchronously. */
    private fun write(message: WebSocketMessage<*>, inline: Boolean, done: SendHandler) {
        val native = native!!
        when {
            message is PingMessage -> done.onResult(blocking { native.basicRemote.sendPing(message.payload) })
            message is TextMessage && inline -> done.onResult(blocking { native.basicRemote.sendText(message.payload) })
            message is TextMessage -> native.asyncRemote.sendText(message.payload, done)
            message is BinaryMessage -> native.asyncRemote.sendBinary(message.payload, done)
            else -> error("not a frame this session writes: $message")
        }
    }

    private fun blocking(send: () -> Unit): SendResult = try {
        send()
        SendResult(native)
    } catch (e: IOException) {
        SendResult(native, e)
    }

    /** The next frame to write, counted as written, or null (and no write under way) when none waits. */
    private fun takeNext(): WebSocketMessage<*>? = synchronized(lock) {
        if (failure != null) return null
        val next = queue.pollFirst() ?: return null.also { writing = false }
        queuedBytes -= next.payloadLength
        if (next is PingMessage) pingAt = written.also { pingWrittenNanos = nanoTime() } else written += next.payloadLength
        inline = limits.inline > 0 && written - readUpTo <= limits.inline
        next
    }

    private fun failed(reason: String) = synchronized(lock) {
        if (failure == null) failure = reason
        queue.clear()
        queuedBytes = 0
    }

    private enum class Phase { WRITING, DONE_AT_ONCE, PENDING }

    /**
     * How much a session may hold back: bytes queued, time for one write, bytes the client has not shown it read, time a
     * ping may go unanswered while frames are sent; and up to how many unread bytes a frame is written with the
     * blocking send (0: every frame asynchronously).
     */
    data class OutboundLimits(val buffer: Int, val timeMillis: Long, val unread: Long, val pongMillis: Long = Long.MAX_VALUE, val inline: Long = 0)

    companion object {
        private const val PINGS_PER_LIMIT = 8
        private const val QUEUED = -1L
        /** Tomcat's per-session blocking send timeout: a ping or an inline frame not written in 1 s finds a client not reading. */
        private const val BLOCKING_SEND_TIMEOUT = "org.apache.tomcat.websocket.BLOCKING_SEND_TIMEOUT"
        private const val PING_WRITE_MILLIS = 1_000L
    }
}
