package chatlab.message

import org.assertj.core.api.Assertions.assertThat
import java.util.UUID
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.TimeUnit
import kotlin.concurrent.thread

/**
 * Members who stop reading in a busy room: [stalled] raw sockets subscribe to the room and then read nothing while one
 * member sends [rate] messages a second of about 3 KB for [seconds]. Every stalled session must be ended by the server
 * (a socket that reads again finds it closed after what the buffers held, not everything sent), and a reading member
 * must get every message with none delayed past [livenessMillis]: a write blocked on a stalled socket once held every
 * outbound thread, and every room with it, for 20 s. The first two stalled sockets have a 4 KB receive buffer, so the
 * server's writes to them wait; the others let the kernel grow theirs, so only their unanswered pings give them away.
 */
class StalledMembers(
    private val mint: (Long) -> String,
    private val stalled: Int = 5,
    private val rate: Int = 100,
    private val seconds: Int = 15,
    private val livenessMillis: Long = 5_000,
) {
    private val run = UUID.randomUUID().toString().take(8)

    /** The stalled members connect to [stalledPort] as [stalledUser]; [reader] listens on [readerPort], [sender] sends on [senderPort]. */
    fun check(room: Long, stalledPort: Int, stalledUser: Long, readerPort: Int, reader: Long, senderPort: Int, sender: Long) {
        val listener = StompClient(readerPort)
        val inbox = listener.subscribe(listener.connect(mint(reader))!!, RoomTopic.of(room), ChatMessageDto::class.java)
        val client = StompClient(senderPort)
        val session = client.connect(mint(sender))!!
        val content = "한".repeat(1000)
        // Warm: the first messages through a new client and a cold server take seconds, which is not what is measured.
        val warm = (1..2 * rate).map { "warm-$run-$it" }.onEach { client.send(session, room, mapOf("content" to content, "clientMessageId" to it), "mysql") }
        val warmed = generateSequence { inbox.poll(10, TimeUnit.SECONDS) }.takeWhile { it.clientMessageId != warm.last() }.count()
        assertThat(warmed).describedAs("warm-up messages received before the last").isEqualTo(warm.size - 1)
        val sockets = (1..stalled).map { subscribedAndStalled(stalledPort, stalledUser, room, "stalled-$run-$it", smallBuffer = it <= 2) }
        try {
            val sentAt = ConcurrentHashMap<String, Long>()
            val total = rate * seconds
            val delays = ConcurrentHashMap<String, Long>()
            val reading = thread(name = "reading-member") {
                while (delays.size < total) {
                    val message = inbox.poll(10, TimeUnit.SECONDS) ?: break
                    sentAt[message.clientMessageId]?.let { delays[message.clientMessageId] = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - it) }
                }
            }
            val start = System.nanoTime()
            for (n in 0 until total) {
                TimeUnit.NANOSECONDS.sleep(start + n * 1_000_000_000L / rate - System.nanoTime())
                val id = "flood-$run-$n"
                sentAt[id] = System.nanoTime()
                client.send(session, room, mapOf("content" to content, "clientMessageId" to id), "mysql")
            }
            reading.join()
            assertThat(delays).describedAs("messages the reading member received").hasSize(total)
            assertThat(delays.values.max()).describedAs("the longest a reading member waited for a message, ms").isLessThan(livenessMillis)
            sockets.forEachIndexed { i, socket ->
                val readable = socket.framesUntilClosed()
                assertThat(readable).describedAs("stalled member $i: frames waiting when it read again, of $total sent").isNotNull().isLessThan(total)
            }
        } finally {
            sockets.forEach { it.close() }
        }
    }

    private fun subscribedAndStalled(port: Int, user: Long, room: Long, id: String, smallBuffer: Boolean) =
        StalledSocket(port, receiveBuffer = 4096.takeIf { smallBuffer }).apply {
            send("CONNECT\naccept-version:1.2\nhost:localhost\nAuthorization:Bearer ${mint(user)}\n\n\u0000")
            assertThat(read()).startsWith("CONNECTED")
            send("SUBSCRIBE\nid:$id\ndestination:${RoomTopic.of(room)}\nreceipt:r-$id\n\n\u0000")
            assertThat(read()).startsWith("RECEIPT")
        }
}
