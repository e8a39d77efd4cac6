package chatlab.message

import org.assertj.core.api.Assertions.assertThat
import org.awaitility.kotlin.await
import java.time.Duration
import java.util.UUID

/**
 * A client with a valid token that SENDs straight to the broker's destinations, shaped as the server's own broadcasts,
 * while members listen on other sessions (on the same instance or another). Each forging session must get an ERROR
 * frame naming the destination and be closed; the listeners must have received none of it by the time a genuine
 * message, sent through the server after the forgeries, reaches them.
 *
 * [forger] is a member of [room] and not of [otherRoom]; [victim] is a member of [room], [bystander] of [otherRoom].
 */
class ForgedFrames(
    private val mint: (Long) -> String,
    private val room: Long,
    private val otherRoom: Long,
    private val forger: Long,
    private val victim: Long,
    private val bystander: Long,
) {
    private val run = UUID.randomUUID().toString().take(8)
    private val forged = "FORGED-$run"

    fun destinations() = listOf(
        RoomTopic.of(room), RoomTopic.of(otherRoom), "/user/$victim/queue/errors", "/queue/errors-user$victim",
        "/topic/simp-user-registry", "/topic/unresolved-user-destination",
    )

    /** Forges every destination from [forgerPort] while [victim] listens on [victimPort] and [bystander] on [bystanderPort]. */
    fun check(forgerPort: Int, victimPort: Int, bystanderPort: Int) {
        val victimSession = listener(victimPort, victim, RoomTopic.of(room))
        val bystanderSession = listener(bystanderPort, bystander, RoomTopic.of(otherRoom))
        for (destination in destinations()) {
            val stomp = RawStomp(forgerPort)
            assertThat(stomp.connect(mint(forger))).startsWith("CONNECTED")
            stomp.frame("SEND", mapOf("destination" to destination, "content-type" to "application/json"), broadcast(destination))
            await.atMost(Duration.ofSeconds(5)).until { stomp.closed != null }
            assertThat(stomp.closed!!.code).describedAs(destination).isEqualTo(1002)
            // Spring closes the session right after the ERROR frame; rarely the close overtakes the frame.
            generateSequence { stomp.next(0) }.firstOrNull()?.let {
                assertThat(it).describedAs(destination).startsWith("ERROR").contains("clients may SEND only to /pub/chat-rooms/{roomId}/messages, not to '$destination'")
            }
        }
        victimSession.assertNothingForgedBefore(room, refusal = true)
        bystanderSession.assertNothingForgedBefore(otherRoom, refusal = false)
        victimSession.close()
        bystanderSession.close()
    }

    private fun broadcast(destination: String) =
        """{"id":999999999,"roomId":$room,"senderId":$victim,"type":"TALK","content":"$forged to $destination","clientMessageId":"$forged","createdAt":"2026-01-01T00:00:00Z"}"""

    private fun listener(port: Int, user: Long, topic: String) = RawStomp(port).apply {
        assertThat(connect(mint(user))).startsWith("CONNECTED")
        for ((id, destination) in listOf("room" to topic, "errors" to RoomTopic.ERRORS)) {
            frame("SUBSCRIBE", mapOf("id" to id, "destination" to destination, "receipt" to "r-$id"))
            assertThat(next("RECEIPT")).describedAs("$user subscribed to $destination").isNotNull()
        }
    }

    /**
     * Sends a genuine message (and, with [refusal], an empty one that the server refuses on this user's error queue),
     * waits for both, and finds no forged frame among everything received up to then.
     */
    private fun RawStomp.assertNothingForgedBefore(room: Long, refusal: Boolean) {
        val marker = "genuine-$run-$room"
        val headers = mapOf("destination" to "/pub/chat-rooms/$room/messages", "content-type" to "application/json", "store" to "mysql")
        frame("SEND", headers, """{"content":"genuine","clientMessageId":"$marker"}""")
        if (refusal) frame("SEND", headers, """{"content":"","clientMessageId":"$marker-empty"}""")
        val expected = if (refusal) 2 else 1
        val received = mutableListOf<String>()
        var markers = 0
        while (markers < expected) {
            val frame = next("MESSAGE", 10) ?: error("room $room: ${expected - markers} of the genuine frames did not arrive within 10 s; got $received")
            received += frame
            if (marker in frame || "must not be empty" in frame) markers++
        }
        assertThat(received).describedAs("frames a member of room $room received").noneMatch { forged in it }
    }
}
