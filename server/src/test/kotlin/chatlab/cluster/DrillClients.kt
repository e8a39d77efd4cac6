package chatlab.cluster

import chatlab.message.ChatMessageDto
import org.springframework.messaging.converter.JacksonJsonMessageConverter
import org.springframework.messaging.simp.stomp.StompCommand
import org.springframework.messaging.simp.stomp.StompFrameHandler
import org.springframework.messaging.simp.stomp.StompHeaders
import org.springframework.messaging.simp.stomp.StompSession
import org.springframework.messaging.simp.stomp.StompSessionHandlerAdapter
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler
import org.springframework.web.socket.WebSocketHttpHeaders
import org.springframework.web.socket.client.standard.StandardWebSocketClient
import org.springframework.web.socket.messaging.WebSocketStompClient
import tools.jackson.databind.json.JsonMapper
import java.lang.reflect.Type
import java.time.Instant
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import kotlin.concurrent.thread

/**
 * A chat client that stays in its room through outages, as the server README tells clients to: when its connection
 * ends (an ERROR frame or a close) it connects again, to the next instance if its own is gone, subscribes, and catches
 * up by reading history back from the last message it saw. It keeps what arrived live apart from what it caught up.
 */
open class DrillClient(private val cluster: Cluster, val user: Long, protected val room: Long, private val home: Int) {
    private var instance = home
    val live = ConcurrentHashMap<Long, ChatMessageDto>()
    val caughtUp = ConcurrentHashMap<Long, ChatMessageDto>()
    val redelivered = AtomicInteger()
    val reconnects = AtomicInteger()
    protected val inbox = LinkedBlockingQueue<ChatMessageDto>()
    @Volatile protected var session: StompSession? = null
    @Volatile private var ended = CompletableFuture<Unit>()
    @Volatile private var newestSeen: Instant = Instant.now()
    @Volatile private var watching = true
    private val watcher = thread(name = "drill-client-$user", isDaemon = true, start = false) {
        while (watching) {
            runCatching { ensureConnected() }
            runCatching { ended.get() }
        }
    }
    private val client = WebSocketStompClient(StandardWebSocketClient()).apply {
        messageConverter = JacksonJsonMessageConverter(JsonMapper.builder().findAndAddModules())
        taskScheduler = ThreadPoolTaskScheduler().apply { initialize() }
    }

    /** Connected and subscribed (the broker confirmed the subscription), else tries the instances in turn until it is. */
    @Synchronized
    fun ensureConnected() {
        if (session?.isConnected == true) return
        val first = session != null
        instance = home // its own instance first, the others when that one is gone
        while (true) {
            val port = cluster.ports[instance % cluster.ports.size]
            val connected = runCatching { connect(port) }.getOrNull()
            if (connected != null) {
                session = connected
                if (first) reconnects.incrementAndGet()
                catchUp(port)
                return
            }
            instance++
            Thread.sleep(RETRY_MS) // back off before the next instance: the broker or this instance may still be down
        }
    }

    /**
     * Back to its own instance when an outage left it on another one (the instance drill needs clients on the instance
     * it kills): leaves that one and connects again, home first, catching up as after any reconnect. True once home.
     */
    @Synchronized
    fun rehome(): Boolean {
        val homePort = cluster.ports[home % cluster.ports.size]
        if (session?.isConnected == true && port == homePort) return true
        val old = ended
        runCatching { session?.disconnect() }
        old.complete(Unit)
        ensureConnected()
        return port == homePort
    }

    /** Stays connected from now on, reconnecting whenever the connection ends. */
    fun start() = apply { watcher.start() }

    private fun connect(port: Int): StompSession {
        val token = cluster.client(0).token(user)
        val closed = CompletableFuture<Unit>()
        ended = closed
        val connected = client.connectAsync("ws://127.0.0.1:$port/ws", WebSocketHttpHeaders(), StompHeaders().apply { add("Authorization", "Bearer $token") },
            object : StompSessionHandlerAdapter() {
                override fun handleFrame(headers: StompHeaders, payload: Any?) { closed.complete(Unit) } // ERROR: the server ends the session
                override fun handleTransportError(session: StompSession, exception: Throwable) { closed.complete(Unit) }
            }).get(5, TimeUnit.SECONDS)
        val subscribed = CompletableFuture<Unit>()
        connected.subscribe(StompHeaders().apply { destination = "/topic/chat-rooms.$room"; receipt = "r-$user-${System.nanoTime()}" }, object : StompFrameHandler {
            override fun getPayloadType(headers: StompHeaders): Type = ChatMessageDto::class.java
            override fun handleFrame(headers: StompHeaders, payload: Any?) = receive(payload as ChatMessageDto)
        }).addReceiptTask(Runnable { subscribed.complete(Unit) })
        subscribed.get(5, TimeUnit.SECONDS)
        return connected
    }

    private fun receive(message: ChatMessageDto) {
        if (live.putIfAbsent(message.id, message) != null || caughtUp.containsKey(message.id)) redelivered.incrementAndGet()
        if (message.sentAt > newestSeen) newestSeen = message.sentAt
        inbox += message
    }

    /**
     * Reads the room's history newest first until it passes the newest message seen, less the time a store write may
     * take (a message stored earlier can be broadcast later, see server/README.md, "Order").
     */
    fun catchUp(port: Int = cluster.ports[instance % cluster.ports.size]) {
        val back = newestSeen.minusSeconds(CATCH_UP_WINDOW_SECONDS)
        val index = cluster.ports.indexOf(port)
        for (message in cluster.history(room, STORE, user, index = index, until = back)) {
            if (!live.containsKey(message.id)) caughtUp.putIfAbsent(message.id, message)
        }
    }

    val seen: Set<Long> get() = live.keys + caughtUp.keys

    /** The port of the instance this client is connected to now. */
    val port: Int get() = cluster.ports[instance % cluster.ports.size]

    fun close() {
        watching = false
        ended.complete(Unit)
        runCatching { session?.disconnect() }
        client.stop()
    }

    companion object {
        const val STORE = "mysql"
        const val RETRY_MS = 200L
        const val CATCH_UP_WINDOW_SECONDS = 10L
    }
}

/** A member that also sends, one message at a time: the same clientMessageId again until its own copy comes back. */
class DrillSender(cluster: Cluster, user: Long, room: Long, instance: Int, private val prefix: String) : DrillClient(cluster, user, room, instance) {
    /** Acknowledged messages: clientMessageId → the id its broadcast carried. */
    val acked = ConcurrentHashMap<String, Long>()
    val attempts = AtomicInteger()
    @Volatile var running = true

    fun loop() {
        var n = 0
        while (running) {
            val clientMessageId = "$prefix-$user-${++n}"
            while (!acked.containsKey(clientMessageId)) {
                ensureConnected()
                attempts.incrementAndGet()
                runCatching {
                    session!!.send(StompHeaders().apply { destination = "/pub/chat-rooms/$room/messages"; add("store", STORE) },
                        mapOf("content" to "#$n from $user", "clientMessageId" to clientMessageId))
                }
                val deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ACK_WAIT_MS)
                val own = generateSequence { inbox.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS) }.firstOrNull { it.clientMessageId == clientMessageId }
                if (own != null) acked[clientMessageId] = own.id
            }
            Thread.sleep(PACE_MS) // a person types; the pause keeps the drill's load steady
        }
    }

    private companion object {
        const val ACK_WAIT_MS = 3_000L
        const val PACE_MS = 20L
    }
}
