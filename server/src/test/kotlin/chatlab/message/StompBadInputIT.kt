package chatlab.message

import chatlab.IntegrationTest
import chatlab.TestRooms
import chatlab.auth.JwtTokens
import chatlab.message.mongo.MongoMessageRepository
import chatlab.message.mysql.MysqlMessageRepository
import org.assertj.core.api.Assertions.assertThat
import org.awaitility.kotlin.await
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.resttestclient.TestRestTemplate
import org.springframework.boot.test.web.server.LocalServerPort
import org.springframework.http.HttpEntity
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpMethod
import tools.jackson.databind.ObjectMapper
import java.time.Duration
import java.util.Base64
import java.util.UUID
import java.util.concurrent.TimeUnit

/** Hostile or broken STOMP input: each gets an ERROR frame or a 4xx on the error queue, stores nothing, harms no one else. */
@IntegrationTest
class StompBadInputIT(
    @LocalServerPort private val port: Int,
    @Autowired private val tokens: JwtTokens,
    @Autowired private val rest: TestRestTemplate,
    @Autowired private val mysqlMessages: MysqlMessageRepository,
    @Autowired private val mongoMessages: MongoMessageRepository,
) {
    private val room = TestRooms.STOMP_ROOM // members 1 and 2
    private val json = ObjectMapper()

    private fun body(frame: String): Map<*, *> = json.readValue(frame.substringAfter("\n\n").trimEnd('\u0000'), Map::class.java)

    private fun connected(user: Long = 1) = RawStomp(port).also { assertThat(it.connect(tokens.mint(user))).startsWith("CONNECTED") }

    private fun RawStomp.subscribe(id: String, destination: String) =
        frame("SUBSCRIBE", mapOf("id" to id, "destination" to destination, "receipt" to "r-$id"))

    @Test
    fun `an unsigned alg-none token is refused on CONNECT and over HTTP`() {
        val enc = Base64.getUrlEncoder().withoutPadding()
        val now = System.currentTimeMillis() / 1000
        val unsigned = enc.encodeToString("""{"alg":"none","typ":"JWT"}""".toByteArray()) + "." +
            enc.encodeToString("""{"sub":"1","iat":$now,"exp":${now + 3600}}""".toByteArray()) + "."
        val stomp = RawStomp(port)
        val refused = stomp.connect(unsigned)
        assertThat(refused).startsWith("ERROR").contains("invalid token")
        val http = rest.exchange("/api/v1/chat-rooms/$room/messages", HttpMethod.GET, HttpEntity<Unit>(HttpHeaders().apply { setBearerAuth(unsigned) }), Map::class.java)
        assertThat(http.statusCode.value()).isEqualTo(401)
        assertThat(http.body!!["status"]).isEqualTo(401)
    }

    @Test
    fun `another user's queue and broker-internal destinations cannot be subscribed to`() {
        for (destination in listOf("/user/2/queue/errors", "/queue/errors-user1", "/topic/chat-rooms.$room/../${TestRooms.OTHER_STOMP_ROOM}", "/topic/chat-rooms.*", "/topic/chat-rooms.#", "/sub/chat-rooms/$room")) {
            val stomp = connected()
            stomp.subscribe("s1", destination)
            // Spring closes the session right after the ERROR frame; rarely the close overtakes the frame.
            await.atMost(Duration.ofSeconds(5)).until { stomp.closed != null }
            assertThat(stomp.closed!!.code).describedAs(destination).isEqualTo(1002)
            val frames = generateSequence { stomp.next(0) }.toList()
            assertThat(frames).describedAs(destination).noneMatch { it.startsWith("RECEIPT") || it.startsWith("MESSAGE") }
            frames.firstOrNull()?.let { assertThat(it).describedAs(destination).startsWith("ERROR").contains("cannot subscribe") }
        }
    }

    @Test
    fun `a client cannot SEND to a room's topic, another user's queue or the broker's own destinations`() {
        ForgedFrames(tokens::mint, room, TestRooms.OTHER_STOMP_ROOM, forger = 1, victim = 2, bystander = 3).check(port, port, port)
    }

    @Test
    fun `a SEND to a room whose id is not a room's number is refused with an ERROR frame that names the id`() {
        for (destination in listOf("/pub/chat-rooms/abc/messages", "/pub/chat-rooms/99999999999999999999/messages")) {
            val stomp = connected()
            stomp.frame("SEND", mapOf("destination" to destination, "content-type" to "application/json", "store" to "mysql"),
                """{"content":"hi","clientMessageId":"not-a-room"}""")
            await.atMost(Duration.ofSeconds(5)).until { stomp.closed != null }
            assertThat(stomp.closed!!.code).describedAs(destination).isEqualTo(1002)
            // Spring closes the session right after the ERROR frame; rarely the close overtakes the frame.
            generateSequence { stomp.next(0) }.firstOrNull()?.let {
                assertThat(it).describedAs(destination).startsWith("ERROR").contains("with roomId a room's number, not to '$destination'")
            }
        }
        assertThat(mysqlMessages.findByRoomIdAndSenderIdAndClientMessageId(room, 1, "not-a-room")).isNull()
    }

    @Test
    fun `a subscription id cannot be reused while active, and can be after UNSUBSCRIBE`() {
        val stomp = connected()
        stomp.subscribe("same", "/topic/chat-rooms.$room")
        assertThat(stomp.next("RECEIPT")).isNotNull()
        stomp.frame("UNSUBSCRIBE", mapOf("id" to "same"))
        stomp.subscribe("same", "/topic/chat-rooms.$room")
        assertThat(stomp.next("RECEIPT")).isNotNull()
        stomp.subscribe("same", "/user/queue/errors")
        // The refusal ends the session (1002). Spring writes the ERROR frame from the reading thread; when the outbound
        // thread still holds the session's send lock (it just wrote the RECEIPT), the frame is queued and the close that
        // follows at once drops it (seen twice in ~20 CI runs). The reason itself is asserted in StompAuthInterceptorIT.
        await.atMost(Duration.ofSeconds(5)).until { stomp.closed != null }
        assertThat(stomp.closed!!.code).isEqualTo(1002)
        val frames = generateSequence { stomp.next(0) }.toList()
        assertThat(frames).describedAs("the refused SUBSCRIBE got no RECEIPT").noneMatch { it.startsWith("RECEIPT") }
        frames.lastOrNull { it.startsWith("ERROR") }?.let { assertThat(it).contains("subscription id 'same' is already in use") }
    }

    @Test
    fun `an oversized frame is refused and the other sessions carry on`() {
        val bystander = StompClient(port)
        val session = bystander.connect(tokens.mint(2))!!
        val inbox = bystander.subscribe(session, "/topic/chat-rooms.$room", ChatMessageDto::class.java)
        val clientMessageId = "huge-${UUID.randomUUID()}"
        fun hugeSend(stomp: RawStomp, size: Int) = stomp.frame(
            "SEND", mapOf("destination" to "/pub/chat-rooms/$room/messages", "content-type" to "application/json", "store" to "mysql"),
            """{"content":"${"x".repeat(size)}","clientMessageId":"$clientMessageId"}""",
        )
        val over = connected()
        hugeSend(over, 20_000)
        assertThat(over.next()).startsWith("ERROR").contains("exceeded")
        val farOver = connected()
        // Over Tomcat's 32 KB and ending in the fragment that overflows it (the client sends 8 KB fragments): a larger
        // message keeps the client streaming fragments after Tomcat's refusal, and under load the client then saw the
        // connection end without Tomcat's close frame (1006) in 3 of 60 tries; at 40 KB, 60 of 60 saw 1009.
        runCatching { hugeSend(farOver, 40_000) } // the server may close the socket before the client finished writing
        await.atMost(Duration.ofSeconds(5)).until { farOver.closed != null }
        assertThat(farOver.closed!!.code).isEqualTo(1009)
        assertThat(mysqlMessages.findByRoomIdAndSenderIdAndClientMessageId(room, 1, clientMessageId)).isNull()

        val fine = "after-huge-${UUID.randomUUID()}"
        bystander.send(session, room, mapOf("content" to "still fine", "clientMessageId" to fine), "mysql")
        assertThat(generateSequence { inbox.poll(5, TimeUnit.SECONDS) }.first { it.clientMessageId == fine }.content).isEqualTo("still fine")
    }

    @Test
    fun `malformed or invalid SENDs are answered on the error queue, store nothing, and the session goes on`() {
        val stomp = connected()
        stomp.subscribe("errors", "/user/queue/errors")
        assertThat(stomp.next("RECEIPT")).isNotNull()
        stomp.subscribe("room", "/topic/chat-rooms.$room")
        assertThat(stomp.next("RECEIPT")).isNotNull()
        val id = "bad-${UUID.randomUUID()}"
        val cases = listOf(
            Triple("mysql", "{not json", "not valid JSON"),
            Triple("oracle", """{"content":"hi","clientMessageId":"$id-1"}""", "unknown store"),
            Triple("mongo", """{"content":"bell\u0007","clientMessageId":"$id-2"}""", "control characters"),
            Triple("mongo", """{"type":"JOIN","content":"hi","clientMessageId":"$id-3"}""", "field 'type' has an invalid value 'JOIN'"),
            Triple("mongo", """{"type":"ENTER","content":"hi","clientMessageId":"$id-3"}""", "TALK messages only"),
            Triple("mysql", """{"content":"hi","clientMessageId":"has spaces"}""", "clientMessageId must be"),
            Triple("mysql", """{"content":"   ","clientMessageId":"$id-4"}""", "must not be empty"),
            Triple("mysql", """{"content":"lone \ud800 high","clientMessageId":"$id-5"}""", "lone UTF-16 surrogate"),
            Triple("mongo", """{"content":"lone \udc00 low","clientMessageId":"$id-6"}""", "lone UTF-16 surrogate"),
            Triple("mongo", """{"content":"swapped \udc00\ud800","clientMessageId":"$id-7"}""", "lone UTF-16 surrogate"),
        )
        for ((store, payload, reason) in cases) {
            stomp.frame("SEND", mapOf("destination" to "/pub/chat-rooms/$room/messages", "content-type" to "application/json", "store" to store), payload)
            val error = body(stomp.next("MESSAGE")!!)
            assertThat(error["status"]).describedAs(payload).isEqualTo(400)
            assertThat(error["message"].toString()).describedAs(payload).contains(reason)
        }
        (1..7).forEach {
            assertThat(mysqlMessages.findByRoomIdAndSenderIdAndClientMessageId(room, 1, "$id-$it")).isNull()
            assertThat(mongoMessages.findByRoomIdAndSenderIdAndClientMessageId(room, 1, "$id-$it")).isNull()
        }
        stomp.frame("SEND", mapOf("destination" to "/pub/chat-rooms/$room/messages", "content-type" to "application/json", "store" to "mongo"),
            """{"content":"after the errors","clientMessageId":"$id-ok"}""")
        assertThat(body(stomp.next("MESSAGE")!!)["clientMessageId"]).isEqualTo("$id-ok")
        assertThat(stomp.isOpen).isTrue()
    }

    @Test
    fun `message content is data, returned verbatim by the broadcast and every read path`() {
        val content = "'); DROP TABLE chat_message; -- {\"\$ne\": null} <script>alert(1)</script>\n\${jndi:ldap://x} \\u0000 %s"
        val client = StompClient(port)
        val session = client.connect(tokens.mint(1))!!
        val inbox = client.subscribe(session, "/topic/chat-rooms.$room", ChatMessageDto::class.java)
        val headers = HttpHeaders().apply { setBearerAuth(tokens.mint(1)) }
        for ((store, readPaths) in listOf("mysql" to listOf("mysql"), "mongo" to listOf("mongo", "mongo-redis"))) {
            val clientMessageId = "inject-$store-${UUID.randomUUID()}"
            client.send(session, room, mapOf("content" to content, "clientMessageId" to clientMessageId), store)
            val echoed = generateSequence { inbox.poll(5, TimeUnit.SECONDS) }.first { it.clientMessageId == clientMessageId }
            assertThat(echoed.content).isEqualTo(content)
            for (path in readPaths) {
                val page = rest.exchange("/api/v1/chat-rooms/$room/messages?store=$path&size=50", HttpMethod.GET, HttpEntity<Unit>(headers), Map::class.java).body!!
                val stored = (page["messages"] as List<*>).map { it as Map<*, *> }.single { it["clientMessageId"] == clientMessageId }
                assertThat(stored["content"]).describedAs(path).isEqualTo(content)
            }
        }
    }
}
