package chatlab.system.fault

import chatlab.auth.JwtTokens
import chatlab.message.ChatMessageDto
import chatlab.message.StompClient
import chatlab.message.mongo.MongoMessageRepository
import chatlab.system.error.ApiError
import org.assertj.core.api.Assertions.assertThat
import org.awaitility.kotlin.await
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.resttestclient.TestRestTemplate
import org.springframework.boot.resttestclient.autoconfigure.AutoConfigureTestRestTemplate
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.boot.test.web.server.LocalServerPort
import org.springframework.http.HttpEntity
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpMethod
import org.springframework.http.ResponseEntity
import org.springframework.test.context.ActiveProfiles
import org.springframework.test.context.ContextConfiguration
import java.time.Duration
import java.util.UUID
import java.util.concurrent.TimeUnit

/**
 * MariaDB or MongoDB unreachable (the network to it cut by a proxy, the server itself still running): callers get
 * a 503 or a STOMP 503 on their error queue within seconds, health says DOWN, the other store keeps working, and
 * everything recovers once the network is back, without a restart.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureTestRestTemplate
@ActiveProfiles("it")
@ContextConfiguration(initializers = [OutageProxies::class])
class BackendOutageIT(
    @Autowired private val rest: TestRestTemplate,
    @Autowired private val tokens: JwtTokens,
    @Autowired private val proxies: OutageProxies,
    @Autowired private val mongoMessages: MongoMessageRepository,
    @LocalServerPort private val port: Int,
) {
    private val bound = Duration.ofSeconds(10)

    private fun get(path: String, user: Long = 1): Pair<ResponseEntity<Map<*, *>>, Duration> {
        val headers = HttpHeaders().apply { setBearerAuth(tokens.mint(user)) }
        val started = System.nanoTime()
        val response = rest.exchange(path, HttpMethod.GET, HttpEntity<Unit>(headers), Map::class.java)
        return response to Duration.ofNanos(System.nanoTime() - started)
    }

    private fun health(): Map<*, *> = rest.getForEntity("/actuator/health", Map::class.java).body!!

    private fun component(name: String) = ((health()["components"] as Map<*, *>)[name] as Map<*, *>)["status"]

    @AfterEach
    fun reconnect() {
        proxies.mysql.restore()
        proxies.mongo.restore()
        await.atMost(Duration.ofSeconds(30)).until { health()["status"] == "UP" }
    }

    @Test
    fun `MongoDB unreachable is a prompt 503 and a DOWN health while MySQL keeps serving, then it recovers`() {
        rest.exchange("/api/v1/chat-rooms/2/enter", HttpMethod.POST, HttpEntity<Unit>(HttpHeaders().apply { setBearerAuth(tokens.mint(1)) }), Map::class.java)
        assertThat(get("/api/v1/chat-rooms/2/messages?store=mongo").first.statusCode.value()).isEqualTo(200)

        proxies.mongo.cut()
        val (down, took) = get("/api/v1/chat-rooms/2/messages?store=mongo&lastSentAt=2025-02-01T00:00:00Z")
        assertThat(down.statusCode.value()).isEqualTo(503)
        assertThat(down.body!!["message"].toString()).contains("unavailable")
        assertThat(took).isLessThan(bound)
        assertThat(get("/api/v1/chat-rooms/2/messages?store=mysql").first.statusCode.value()).isEqualTo(200)
        assertThat(component("mongo")).isEqualTo("DOWN")
        assertThat(component("db")).isEqualTo("UP")

        val client = StompClient(port)
        val session = client.connect(tokens.mint(1))!!
        val errors = client.subscribe(session, "/user/queue/errors", ApiError::class.java)
        val inbox = client.subscribe(session, "/topic/chat-rooms.2", ChatMessageDto::class.java)
        val clientMessageId = "outage-${UUID.randomUUID()}"
        client.send(session, 2, mapOf("content" to "during the outage", "clientMessageId" to clientMessageId), "mongo")
        assertThat(errors.poll(bound.seconds, TimeUnit.SECONDS)!!.status).isEqualTo(503)
        client.send(session, 2, mapOf("content" to "MySQL still takes messages", "clientMessageId" to "mysql-$clientMessageId"), "mysql")
        assertThat(inbox.poll(bound.seconds, TimeUnit.SECONDS)!!.clientMessageId).isEqualTo("mysql-$clientMessageId")

        proxies.mongo.restore()
        await.atMost(Duration.ofSeconds(30)).until { get("/api/v1/chat-rooms/2/messages?store=mongo").first.statusCode.value() == 200 }
        assertThat(component("mongo")).isEqualTo("UP")
        client.send(session, 2, mapOf("content" to "during the outage", "clientMessageId" to clientMessageId), "mongo")
        assertThat(inbox.poll(bound.seconds, TimeUnit.SECONDS)!!.clientMessageId).isEqualTo(clientMessageId)
        assertThat(mongoMessages.findByRoomIdAndSenderIdAndClientMessageId(2, 1, clientMessageId)).isNotNull()
    }

    @Test
    fun `MySQL unreachable is a prompt 503 and a DOWN health, MongoDB reads for known members go on, then it recovers`() {
        rest.exchange("/api/v1/chat-rooms/3/enter", HttpMethod.POST, HttpEntity<Unit>(HttpHeaders().apply { setBearerAuth(tokens.mint(2)) }), Map::class.java)
        assertThat(get("/api/v1/chat-rooms/3/messages?store=mongo", user = 2).first.statusCode.value()).isEqualTo(200)

        proxies.mysql.cut()
        val (down, took) = get("/api/v1/chat-rooms/3/messages?store=mysql", user = 2)
        assertThat(down.statusCode.value()).isEqualTo(503)
        assertThat(down.body!!["status"]).isEqualTo(503)
        assertThat(took).isLessThan(bound)
        assertThat(get("/api/v1/chat-rooms/3/messages?store=mongo", user = 2).first.statusCode.value()).isEqualTo(200)
        assertThat(component("db")).isEqualTo("DOWN")

        proxies.mysql.restore()
        await.atMost(Duration.ofSeconds(30)).until { get("/api/v1/chat-rooms/3/messages?store=mysql", user = 2).first.statusCode.value() == 200 }
        assertThat(component("db")).isEqualTo("UP")
    }
}
