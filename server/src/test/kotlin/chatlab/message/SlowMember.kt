package chatlab.message

import org.assertj.core.api.Assertions.assertThat
import java.io.IOException
import java.util.UUID
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicBoolean
import kotlin.concurrent.thread

/**
 * A member who reads, answering every ping it reads, but slower than its room is written: one member sends [rate]
 * messages a second of about 1.3 KB for [seconds] while the slow member takes [readRate] frames a second, so it falls
 * further behind every second. The server must cut it once a ping has waited [pongTimeoutMillis] for its answer, which
 * leaves it at most two timeouts behind the room at the cut (the ping before was answered in time, and the next went out
 * with that answer). Behind means: how long before the last message it got had the newest message it had read by then
 * been broadcast. Its socket lets the kernel grow the receive buffer, so the server's writes never wait on it, and the
 * whole flood carries it under the tests' 2 MB unread limit: only the time bound can cut it.
 */
class SlowMember(
    private val mint: (Long) -> String,
    private val pongTimeoutMillis: Long,
    private val rate: Int = 100,
    private val readRate: Int = 30,
    private val seconds: Int = 12,
) {
    private val run = UUID.randomUUID().toString().take(8)

    fun check(room: Long, port: Int, member: Long, sender: Long) {
        val slow = StalledSocket(port, receiveBuffer = null).subscribed(mint(member), RoomTopic.of(room), "slow-$run")
        try {
            val flooding = AtomicBoolean(true)
            val flood = thread(name = "flooding-member") {
                try {
                    send(room, port, sender)
                } finally {
                    flooding.set(false)
                }
            }
            val read = readUntilClosed(slow, flooding)
            flood.join()
            assertThat(read.size).describedAs("messages the slow member read before the server closed its session, of ${rate * seconds}")
                .isGreaterThan(0).isLessThan(rate * seconds)
            val last = read.last()
            val newestReadByThen = read.last { it.readMicros <= last.publishedMicros }
            val behindMillis = (last.publishedMicros - newestReadByThen.publishedMicros) / 1_000
            assertThat(behindMillis).describedAs("how far behind its room the slow member was when it was cut, ms")
                .isGreaterThanOrEqualTo(pongTimeoutMillis - SLACK_MILLIS / 2).isLessThanOrEqualTo(2 * pongTimeoutMillis + SLACK_MILLIS)
        } finally {
            slow.close()
        }
    }

    private fun send(room: Long, port: Int, sender: Long) {
        val client = StompClient(port)
        val session = client.connect(mint(sender))!!
        val content = "x".repeat(1000)
        val start = System.nanoTime()
        (0 until rate * seconds).forEach { n ->
            TimeUnit.NANOSECONDS.sleep(start + n * 1_000_000_000L / rate - System.nanoTime())
            client.send(session, room, mapOf("content" to content, "clientMessageId" to "slow-$run-$n"), "mysql")
        }
        session.disconnect()
    }

    /** Reads the room's messages at [readRate] a second while [flooding], then as fast as they come, until the server closes. */
    private fun readUntilClosed(socket: StalledSocket, flooding: AtomicBoolean): List<Read> {
        val read = mutableListOf<Read>()
        while (true) {
            val (opcode, payload) = try {
                socket.nextFrame() ?: return read
            } catch (e: IOException) {
                return read // reset by the server, or still open when the flood has long ended (the assertions say which)
            }
            when (opcode and 0x0f) {
                StalledSocket.CLOSE -> return read
                StalledSocket.PING -> socket.pong(payload)
                else -> String(payload).takeIf { "\"clientMessageId\":\"slow-$run-" in it }?.let { frame ->
                    val published = PUBLISHED.find(frame)?.groupValues?.get(1)?.toLong() ?: error("no published header in $frame")
                    read += Read(published, SendPathTimers.nowMicros())
                    if (flooding.get()) TimeUnit.MILLISECONDS.sleep(1_000L / readRate) // the pace of a slow reader
                }
            }
        }
    }

    /** When the server broadcast a message, and when the slow member had read it (epoch microseconds, one clock). */
    private data class Read(val publishedMicros: Long, val readMicros: Long)

    private companion object {
        val PUBLISHED = Regex("\n${SendPathTimers.PUBLISHED}:(\\d+)\n")
        /** The server's own delay between the broadcast and the cut, and the reader's between a frame and its pong. */
        const val SLACK_MILLIS = 1_000L
    }
}
