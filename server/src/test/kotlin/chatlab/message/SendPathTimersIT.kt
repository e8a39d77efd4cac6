package chatlab.message

import chatlab.IntegrationTest
import chatlab.TestRooms
import chatlab.auth.JwtTokens
import io.micrometer.core.instrument.MeterRegistry
import org.assertj.core.api.Assertions.assertThat
import org.awaitility.kotlin.await
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.test.web.server.LocalServerPort
import java.time.Duration
import java.util.UUID
import java.util.concurrent.TimeUnit

@IntegrationTest
class SendPathTimersIT(
    @LocalServerPort private val port: Int,
    @Autowired private val tokens: JwtTokens,
    @Autowired private val registry: MeterRegistry,
) {
    private fun count(stage: String) = registry.find("chatlab.send.stage").tag("stage", stage).timer()?.count() ?: 0

    @Test
    fun `a SEND delivered to two members is timed in its store write once and in the broker and outbound stages per member`() {
        val room = TestRooms.STOMP_ROOM // members 1 and 2
        val before = listOf("store", "broker", "outbound").associateWith(::count)
        val alice = StompClient(port)
        val bob = StompClient(port)
        val aliceSession = alice.connect(tokens.mint(1))!!
        val aliceInbox = alice.subscribe(aliceSession, "/topic/chat-rooms.$room", ChatMessageDto::class.java)
        val bobInbox = bob.subscribe(bob.connect(tokens.mint(2))!!, "/topic/chat-rooms.$room", ChatMessageDto::class.java)
        val id = "timed-" + UUID.randomUUID()
        alice.send(aliceSession, room, mapOf("content" to "timed", "clientMessageId" to id), "mysql")
        assertThat(generateSequence { aliceInbox.poll(5, TimeUnit.SECONDS) }.firstOrNull { it.clientMessageId == id }).isNotNull
        assertThat(generateSequence { bobInbox.poll(5, TimeUnit.SECONDS) }.firstOrNull { it.clientMessageId == id }).isNotNull
        await.atMost(Duration.ofSeconds(5)).untilAsserted {
            assertThat(count("store") - before.getValue("store")).isGreaterThanOrEqualTo(1)
            assertThat(count("broker") - before.getValue("broker")).describedAs("one per member session").isGreaterThanOrEqualTo(2)
            assertThat(count("outbound") - before.getValue("outbound")).describedAs("one per member session").isGreaterThanOrEqualTo(2)
        }
    }
}
