package chatlab.message

import chatlab.system.error.ApiError
import org.assertj.core.api.Assertions.assertThat
import org.springframework.messaging.simp.stomp.StompSession
import java.util.UUID
import java.util.concurrent.Executors
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

/**
 * A busy room, for order tests: every member listens (on the instances of [ports], round robin), [senders] of them
 * pipeline [perSender] SENDs each as fast as they can, all at once, and [audit] checks what the contract promises:
 * each sender's messages stored in the order it sent them, every listener receiving every message exactly once and
 * each sender's in its order, and every live view, placed by position, equal to the room's history.
 */
class Conversation(
    private val ports: List<Int>,
    private val room: Long,
    private val members: List<Long>,
    private val senders: List<Long>,
    private val perSender: Int,
    private val store: String,
    private val mint: (Long) -> String,
) {
    private val run = UUID.randomUUID().toString().take(8)
    private val listeners = members.mapIndexed { i, user -> Listener(user, StompClient(ports[i % ports.size])) }

    private inner class Listener(val user: Long, val client: StompClient) {
        val session: StompSession = client.connect(mint(user)) ?: error("user $user could not connect")
        val inbox: LinkedBlockingQueue<ChatMessageDto> = client.subscribe(session, "/topic/chat-rooms.$room", ChatMessageDto::class.java)
        val errors = client.subscribe(session, "/user/queue/errors", ApiError::class.java)
    }

    fun id(sender: Long, n: Int) = "order-$run-$sender-$n"

    /** Sends from every sender at once; returns what each listener received of this conversation, in arrival order. */
    fun run(): Map<Long, List<ChatMessageDto>> {
        val pool = Executors.newFixedThreadPool(senders.size)
        senders.map { sender ->
            val listener = listeners.first { it.user == sender }
            pool.submit {
                (1..perSender).forEach { n ->
                    listener.client.send(listener.session, room, mapOf("content" to "#$n from $sender", "clientMessageId" to id(sender, n)), store)
                }
            }
        }.forEach { it.get(60, TimeUnit.SECONDS) }
        pool.shutdown()
        val expected = senders.size * perSender
        return listeners.associate { listener ->
            val mine = mutableListOf<ChatMessageDto>()
            while (mine.size < expected) {
                val next = listener.inbox.poll(15, TimeUnit.SECONDS) ?: break
                if (next.clientMessageId.startsWith("order-$run-")) mine += next
            }
            assertThat(listener.errors).describedAs("errors sent to user ${listener.user}").isEmpty()
            listener.user to mine.toList()
        }
    }

    /** [history]: the room's messages of this store, newest first, as the API reads them. */
    fun audit(received: Map<Long, List<ChatMessageDto>>, history: List<ChatMessageDto>) {
        val sent = senders.flatMap { s -> (1..perSender).map { id(s, it) } }.toSet()
        val stored = history.filter { it.clientMessageId in sent }
        assertThat(stored.map { it.clientMessageId }).describedAs("history holds every message once").doesNotHaveDuplicates().hasSameSizeAs(sent)
        for (sender in senders) {
            val positions = (1..perSender).map { n -> stored.single { it.clientMessageId == id(sender, n) }.position() }
            assertThat(positions.zipWithNext().count { (a, b) -> a >= b }).describedAs("messages of sender $sender stored out of the order sent").isZero()
        }
        val historyOrder = stored.sortedBy { it.position() }.map { it.id }
        received.forEach { (user, messages) ->
            assertThat(messages.map { it.clientMessageId }).describedAs("user $user received each message once").doesNotHaveDuplicates().hasSameSizeAs(sent)
            for (sender in senders) {
                val order = messages.filter { it.senderId == sender }.map { it.clientMessageId.substringAfterLast('-').toInt() }
                assertThat(order).describedAs("user $user received sender $sender's messages in the order sent").isSorted()
            }
            assertThat(messages.sortedBy { it.position() }.map { it.id }).describedAs("user $user's live view, placed by position, equals history").isEqualTo(historyOrder)
        }
    }

    fun close() = listeners.forEach { runCatching { it.session.disconnect() } }

    private fun ChatMessageDto.position() = Position(sentAt.toEpochMilli(), id)
}
