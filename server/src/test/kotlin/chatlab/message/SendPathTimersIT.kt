package chatlab.message

import chatlab.IntegrationTest
import chatlab.TestRooms
import chatlab.auth.JwtTokens
import io.micrometer.core.instrument.MeterRegistry
import org.assertj.core.api.Assertions.assertThat
import org.awaitility.kotlin.await
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.resttestclient.TestRestTemplate
import org.springframework.boot.test.web.server.LocalServerPort
import org.springframework.http.HttpEntity
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpMethod
import java.time.Duration
import java.util.UUID
import java.util.concurrent.TimeUnit

@IntegrationTest
class SendPathTimersIT(
    @LocalServerPort private val port: Int,
    @Autowired private val tokens: JwtTokens,
    @Autowired private val registry: MeterRegistry,
    @Autowired private val rest: TestRestTemplate,
) {
    private fun count(stage: String) = registry.find("chatlab.send.stage").tag("stage", stage).timer()?.count() ?: 0

    private fun lab(token: String) =
        rest.exchange("/api/v1/lab/send-stages", HttpMethod.GET, HttpEntity<Unit>(HttpHeaders().apply { setBearerAuth(token) }), Map::class.java)

    /** What the lab endpoint says of each stage: its count. */
    private fun labCounts(): Map<String, Long> {
        val answer = lab(tokens.mint(1, scope = "lab"))
        assertThat(answer.statusCode.value()).isEqualTo(200)
        return (answer.body!!["stages"] as Map<*, *>).entries.associate { (stage, total) ->
            assertThat(((total as Map<*, *>)["totalMs"] as Number).toDouble()).isGreaterThanOrEqualTo(0.0)
            stage.toString() to (total["count"] as Number).toLong()
        }
    }

    @Test
    fun `a SEND delivered to two members is timed in its store write once and in the broker and outbound stages per member`() {
        val room = TestRooms.STOMP_ROOM // members 1 and 2
        val before = listOf("store", "broker", "outbound").associateWith(::count)
        val labBefore = labCounts()
        assertThat(labBefore.keys).containsExactly("store", "broker", "outbound")
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
        // The lab endpoint (what the fan-out audit reads, summed over the fleet) counts the same.
        val labAfter = labCounts()
        assertThat(labAfter.getValue("store") - labBefore.getValue("store")).isGreaterThanOrEqualTo(1)
        assertThat(labAfter.getValue("broker") - labBefore.getValue("broker")).isGreaterThanOrEqualTo(2)
        assertThat(labAfter.getValue("outbound") - labBefore.getValue("outbound")).isGreaterThanOrEqualTo(2)
    }

    @Test
    fun `the lab endpoint gives the CPU the server has used so far, which grows`() {
        fun cpu() = (lab(tokens.mint(1, scope = "lab")).body!!["cpuSeconds"] as Map<*, *>).let { (it["server"] as Number).toDouble() }
        val first = cpu()
        assertThat(first).isGreaterThan(0.0)
        await.atMost(Duration.ofSeconds(10)).untilAsserted { assertThat(cpu()).isGreaterThan(first) }
    }

    @Test
    fun `the send path's stages are a lab endpoint, refused to a token without the lab scope`() {
        assertThat(lab(tokens.mint(1)).statusCode.value()).isEqualTo(403)
    }
}
