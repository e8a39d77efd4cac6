package chatlab.message

import org.assertj.core.api.Assertions.assertThat
import java.util.UUID
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit
import kotlin.concurrent.thread

/**
 * Members who stop reading in a busy room: [stalled] raw sockets subscribe to the room and then read nothing while one
 * member sends [rate] messages a second of about 3 KB for [seconds]. Every stalled session must be ended by the server
 * (a socket that reads again finds it closed after what the buffers held, not everything sent), and a reading member
 * must get every message, none later than [livenessMillis] after the server broadcast it: a write blocked on a stalled
 * socket once held every outbound thread, and every room with it, for 20 s. The first two stalled sockets have a 4 KB
 * receive buffer, so the server's writes to them wait; the others let the kernel grow theirs, so only their unanswered
 * pings give them away. The flood's 10 s carry about 3.3 MB to each stalled member, over one and a half times the tests'
 * 2 MB unread limit, so every stalled session has to end before the flood does.
 */
class StalledMembers(
    private val mint: (Long) -> String,
    private val stalled: Int = 5,
    private val rate: Int = 100,
    private val seconds: Int = 10,
    private val livenessMillis: Long = 5_000,
) {
    private val run = UUID.randomUUID().toString().take(8)

    /** The stalled members connect to [stalledPort] as [stalledUser]; [reader] listens on [readerPort], [sender] sends on [senderPort]. */
    fun check(room: Long, stalledPort: Int, stalledUser: Long, readerPort: Int, reader: Long, senderPort: Int, sender: Long) {
        val listener = StompClient(readerPort)
        val inbox = LinkedBlockingQueue<ChatMessageDto>()
        val sincePublished = ConcurrentHashMap<String, Long>() // ms from the server's broadcast to the reading member
        listener.subscribe(listener.connect(mint(reader))!!, RoomTopic.of(room), ChatMessageDto::class.java, awaitReceipt = true) { headers, message ->
            val published = headers.getFirst(SendPathTimers.PUBLISHED)?.toLongOrNull()
            if (published != null) sincePublished[message.clientMessageId] = (SendPathTimers.nowMicros() - published) / 1_000
            inbox += message
        }
        val client = StompClient(senderPort)
        val session = client.connect(mint(sender))!!
        val content = "한".repeat(1000)
        // Warm: the first messages through a new client and a cold server take seconds, which is not what is measured.
        val warm = (1..2 * rate).map { "warm-$run-$it" }.onEach { client.send(session, room, mapOf("content" to content, "clientMessageId" to it), "mysql") }
        val warmed = generateSequence { inbox.poll(10, TimeUnit.SECONDS) }.takeWhile { it.clientMessageId != warm.last() }.count()
        assertThat(warmed).describedAs("warm-up messages received before the last").isEqualTo(warm.size - 1)
        val sockets = (1..stalled).map { subscribedAndStalled(stalledPort, stalledUser, room, "stalled-$run-$it", smallBuffer = it <= 2) }
        try {
            val total = rate * seconds
            val flood = (0 until total).map { "flood-$run-$it" }
            val received = ConcurrentHashMap.newKeySet<String>()
            val reading = thread(name = "reading-member") {
                while (received.size < total) received += (inbox.poll(10, TimeUnit.SECONDS) ?: break).clientMessageId
            }
            val start = System.nanoTime()
            flood.forEachIndexed { n, id ->
                TimeUnit.NANOSECONDS.sleep(start + n * 1_000_000_000L / rate - System.nanoTime())
                client.send(session, room, mapOf("content" to content, "clientMessageId" to id), "mysql")
            }
            reading.join()
            assertThat(flood.count { it !in received }).describedAs("messages the reading member did not get (it waits 10 s for each)").isZero()
            // From the broadcast on: what a stalled member's writes could hold up. The store's write before it is not
            // (the disk's speed under the other tests' load, on the sender's own ordered session).
            val longest = flood.maxBy { sincePublished[it] ?: Long.MAX_VALUE }
            assertThat(sincePublished[longest]).describedAs("the longest a reading member waited for a message after the server broadcast it, ms")
                .isNotNull().isLessThan(livenessMillis)
            sockets.forEachIndexed { i, socket ->
                val readable = socket.framesUntilClosed()
                assertThat(readable).describedAs("stalled member $i: frames waiting when it read again, of $total sent").isNotNull().isLessThan(total)
            }
        } finally {
            sockets.forEach { it.close() }
        }
    }

    private fun subscribedAndStalled(port: Int, user: Long, room: Long, id: String, smallBuffer: Boolean) =
        StalledSocket(port, receiveBuffer = 4096.takeIf { smallBuffer }).subscribed(mint(user), RoomTopic.of(room), id)
}
