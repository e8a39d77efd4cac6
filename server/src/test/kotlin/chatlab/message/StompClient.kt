package chatlab.message

import org.springframework.messaging.converter.JacksonJsonMessageConverter
import org.springframework.messaging.simp.stomp.StompCommand
import org.springframework.messaging.simp.stomp.StompFrameHandler
import org.springframework.messaging.simp.stomp.StompHeaders
import org.springframework.messaging.simp.stomp.StompSession
import org.springframework.messaging.simp.stomp.StompSessionHandlerAdapter
import org.springframework.web.socket.WebSocketHttpHeaders
import org.springframework.web.socket.client.standard.StandardWebSocketClient
import org.springframework.web.socket.messaging.WebSocketStompClient
import tools.jackson.databind.json.JsonMapper
import java.lang.reflect.Type
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

/** A test STOMP client over the real `/ws` endpoint that records what arrives, to be awaited with a timeout. */
class StompClient(private val port: Int) {
    val errors = LinkedBlockingQueue<String>()
    private val client = WebSocketStompClient(StandardWebSocketClient()).apply {
        messageConverter = JacksonJsonMessageConverter(JsonMapper.builder().findAndAddModules())
        taskScheduler = org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler().apply { initialize() } // tracks receipts
    }

    fun connect(token: String?): StompSession? {
        val headers = StompHeaders().apply { if (token != null) add("Authorization", "Bearer $token") }
        val handler = object : StompSessionHandlerAdapter() {
            override fun handleFrame(headers: StompHeaders, payload: Any?) {
                errors += headers.getFirst("message") ?: "ERROR"
            }

            override fun handleTransportError(session: StompSession, exception: Throwable) {
                errors += "transport: ${exception.message}"
            }

            override fun handleException(session: StompSession, command: StompCommand?, headers: StompHeaders, payload: ByteArray, exception: Throwable) {
                errors += "exception: ${exception.message}"
            }
        }
        return runCatching { client.connectAsync("ws://127.0.0.1:$port/ws", WebSocketHttpHeaders(), headers, handler).get(5, TimeUnit.SECONDS) }
            .getOrNull()
    }

    /**
     * Subscribes and returns the queue its payloads land in. With [awaitReceipt] it asks for a RECEIPT and waits
     * for it, so the subscription is active before the caller sends anything.
     */
    fun <T : Any> subscribe(session: StompSession, destination: String, type: Class<T>, awaitReceipt: Boolean = true): LinkedBlockingQueue<T> =
        LinkedBlockingQueue<T>().also { queue -> subscribe(session, destination, type, awaitReceipt) { _, payload -> queue += payload } }

    /** Subscribes and hands every frame's headers and payload to [arrived], on the client's receiving thread. */
    fun <T : Any> subscribe(session: StompSession, destination: String, type: Class<T>, awaitReceipt: Boolean, arrived: (StompHeaders, T) -> Unit) {
        val headers = StompHeaders().apply {
            this.destination = destination
            if (awaitReceipt) receipt = "r-" + java.util.UUID.randomUUID()
        }
        val active = java.util.concurrent.CompletableFuture<Unit>()
        val subscription = session.subscribe(headers, object : StompFrameHandler {
            override fun getPayloadType(headers: StompHeaders): Type = type

            override fun handleFrame(headers: StompHeaders, payload: Any?) {
                @Suppress("UNCHECKED_CAST")
                arrived(headers, payload as T)
            }
        })
        if (awaitReceipt) {
            subscription.addReceiptTask(Runnable { active.complete(Unit) })
            active.get(5, TimeUnit.SECONDS)
        }
    }

    fun send(session: StompSession, roomId: Long, body: Any, store: String? = null) {
        val headers = StompHeaders().apply {
            destination = "/pub/chat-rooms/$roomId/messages"
            if (store != null) add("store", store)
        }
        session.send(headers, body)
    }
}
