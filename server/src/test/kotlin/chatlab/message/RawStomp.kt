package chatlab.message

import org.springframework.web.socket.CloseStatus
import org.springframework.web.socket.TextMessage
import org.springframework.web.socket.WebSocketSession
import org.springframework.web.socket.client.standard.StandardWebSocketClient
import org.springframework.web.socket.handler.TextWebSocketHandler
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

/** STOMP written by hand over a plain WebSocket, for frames a well-behaved client library would never send. */
class RawStomp(port: Int) {
    val frames = LinkedBlockingQueue<String>()
    @Volatile var closed: CloseStatus? = null
        private set
    private val session: WebSocketSession

    init {
        val handler = object : TextWebSocketHandler() {
            override fun handleTextMessage(session: WebSocketSession, message: TextMessage) {
                if (message.payload.isNotBlank()) frames += message.payload
            }

            override fun afterConnectionClosed(session: WebSocketSession, status: CloseStatus) {
                closed = status
            }
        }
        session = client.execute(handler, "ws://127.0.0.1:$port/ws").get(5, TimeUnit.SECONDS)
    }

    fun frame(command: String, headers: Map<String, String> = emptyMap(), body: String = "") {
        val text = buildString {
            append(command).append('\n')
            headers.forEach { (k, v) -> append(k).append(':').append(v).append('\n') }
            append('\n').append(body).append('\u0000')
        }
        session.sendMessage(TextMessage(text))
    }

    /** CONNECTs with [token] and returns the first frame the server answers with. */
    fun connect(token: String?): String? {
        frame("CONNECT", buildMap {
            put("accept-version", "1.2")
            put("host", "localhost")
            if (token != null) put("Authorization", "Bearer $token")
        })
        return next()
    }

    fun next(seconds: Long = 5): String? = frames.poll(seconds, TimeUnit.SECONDS)

    /** The next frame that starts with [command], skipping others (e.g. broadcasts of other tests' messages). */
    fun next(command: String, seconds: Long = 5): String? {
        val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds)
        while (true) {
            val left = deadline - System.nanoTime()
            if (left <= 0) return null
            val frame = frames.poll(left, TimeUnit.NANOSECONDS) ?: return null
            if (frame.startsWith(command)) return frame
        }
    }

    val isOpen get() = session.isOpen

    fun close() = runCatching { session.close() }

    private companion object {
        val client = StandardWebSocketClient()
    }
}
