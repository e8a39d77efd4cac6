package chatlab.system.stomp

import jakarta.websocket.SendHandler
import org.springframework.web.socket.BinaryMessage
import org.springframework.web.socket.CloseStatus
import org.springframework.web.socket.adapter.NativeWebSocketSession
import org.springframework.web.socket.TextMessage
import org.springframework.web.socket.WebSocketMessage
import org.springframework.web.socket.WebSocketSession
import org.springframework.web.socket.handler.SessionLimitExceededException
import org.springframework.web.socket.handler.WebSocketHandlerDecorator
import org.springframework.web.socket.handler.WebSocketHandlerDecoratorFactory
import org.springframework.web.socket.handler.WebSocketSessionDecorator
import java.util.ArrayDeque
import java.util.concurrent.atomic.AtomicReference

/**
 * Writes a session's frames with the container's asynchronous send, one at a time and in order, so a client that stops
 * reading holds no thread. Spring writes with a blocking send that waits up to 20 s (Tomcat's blocking send timeout)
 * on a full socket, on one of the outbound channel's threads (four on two cores); with ordered publishing its own
 * buffer and time limits are checked only by the next send to the same session, on another thread. Five stalled
 * subscribers therefore took every outbound thread and stopped every delivery on the server for 20 s. Here:
 * - frames queued behind a write the client has not taken are capped at [bufferLimit] bytes: one more ends the session
 *   (Spring's `SessionLimitExceededException`, whose handler closes it with 1011), so a stalled session holds at most
 *   that much besides the socket's own buffers;
 * - a write the client has not taken within [timeLimitMillis] ends the connection: the container's send timeout.
 * Frames that are neither text nor binary (the server sends none) go through the blocking send.
 */
class NonBlockingSession(delegate: WebSocketSession, private val bufferLimit: Int, private val timeLimitMillis: Long) : WebSocketSessionDecorator(delegate) {
    private val remote = (delegate as? NativeWebSocketSession)?.getNativeSession(jakarta.websocket.Session::class.java)?.asyncRemote
        ?.apply { sendTimeout = timeLimitMillis }
    private val lock = Any()
    private val queue = ArrayDeque<WebSocketMessage<*>>()
    private var queuedBytes = 0L
    private var writing = false
    @Volatile private var failure: String? = null

    override fun sendMessage(message: WebSocketMessage<*>) {
        if (remote == null || (message !is TextMessage && message !is BinaryMessage)) return super.sendMessage(message)
        failure?.let { throw SessionLimitExceededException(it, CloseStatus.SESSION_NOT_RELIABLE) }
        synchronized(lock) {
            if (writing) {
                queue.addLast(message)
                queuedBytes += message.payloadLength
                if (queuedBytes <= bufferLimit) return
                failed("$queuedBytes bytes wait behind a write the client has not taken, over the limit of $bufferLimit")
                throw SessionLimitExceededException(failure!!, CloseStatus.SESSION_NOT_RELIABLE)
            }
            writing = true
        }
        writeFrom(message)
    }

    /**
     * Writes [first] and, while writes complete at once (the container then calls back on this thread), the frames
     * queued behind it; a write that completes later continues from its callback.
     */
    private fun writeFrom(first: WebSocketMessage<*>) {
        var next: WebSocketMessage<*>? = first
        while (next != null) {
            val phase = AtomicReference(Phase.WRITING)
            try {
                write(next) { result ->
                    if (!result.isOK) {
                        failed("the write to the client failed: ${result.exception}")
                        runCatching { delegate.close(CloseStatus.SESSION_NOT_RELIABLE) }
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

    private fun write(message: WebSocketMessage<*>, done: SendHandler) {
        when (message) {
            is TextMessage -> remote!!.sendText(message.payload, done)
            is BinaryMessage -> remote!!.sendBinary(message.payload, done)
            else -> error("not an asynchronous frame: $message")
        }
    }

    private fun takeNext(): WebSocketMessage<*>? = synchronized(lock) {
        if (failure != null) return null
        queue.pollFirst()?.also { queuedBytes -= it.payloadLength } ?: null.also { writing = false }
    }

    private fun failed(reason: String) = synchronized(lock) {
        if (failure == null) failure = reason
        queue.clear()
        queuedBytes = 0
    }

    companion object {
        /** Installs it under Spring's own decorator on every session the STOMP endpoint opens. */
        fun factory(bufferLimit: Int, timeLimitMillis: Long) = WebSocketHandlerDecoratorFactory { handler ->
            object : WebSocketHandlerDecorator(handler) {
                override fun afterConnectionEstablished(session: WebSocketSession) =
                    super.afterConnectionEstablished(NonBlockingSession(session, bufferLimit, timeLimitMillis))
            }
        }
    }

    private enum class Phase { WRITING, DONE_AT_ONCE, PENDING }
}
