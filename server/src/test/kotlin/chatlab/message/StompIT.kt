package chatlab.message

import chatlab.IntegrationTest
import chatlab.TestRooms
import chatlab.auth.JwtTokens
import chatlab.message.mongo.MongoMessageRepository
import chatlab.message.mysql.MysqlMessageRepository
import chatlab.system.error.ApiError
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.test.web.server.LocalServerPort
import java.net.Socket
import java.time.Duration
import java.time.Instant
import java.util.UUID
import java.util.concurrent.TimeUnit

@IntegrationTest
class StompIT(
    @LocalServerPort private val port: Int,
    @Autowired private val tokens: JwtTokens,
    @Autowired private val mysqlMessages: MysqlMessageRepository,
    @Autowired private val mongoMessages: MongoMessageRepository,
) {
    private val room = TestRooms.STOMP_ROOM // members 1 and 2
    private val otherRoom = TestRooms.OTHER_STOMP_ROOM // members 3 and 4

    private fun client() = StompClient(port)

    @Test
    fun `CONNECT without a token or with a bad one is refused with an ERROR frame`() {
        val anonymous = client()
        assertThat(anonymous.connect(null)).isNull()
        assertThat(anonymous.errors.poll(5, TimeUnit.SECONDS)).contains("Authorization")

        val forged = client()
        val wrongKey = tokens.mint(1).dropLast(3) + "abc"
        assertThat(forged.connect(wrongKey)).isNull()
        assertThat(forged.errors.poll(5, TimeUnit.SECONDS)).contains("invalid token")

        val expired = client()
        assertThat(expired.connect(tokens.mint(1, Duration.ofMinutes(10), Instant.now().minus(Duration.ofHours(1))))).isNull()
        assertThat(expired.errors.poll(5, TimeUnit.SECONDS)).contains("invalid token")
    }

    @Test
    fun `a SUBSCRIBE with a receipt is acknowledged once it is active`() {
        val alice = client()
        val session = alice.connect(tokens.mint(1))!!
        val inbox = alice.subscribe(session, "/topic/chat-rooms.$room", ChatMessageDto::class.java, awaitReceipt = true)
        alice.send(session, room, mapOf("content" to "right after the receipt", "clientMessageId" to "receipt-${UUID.randomUUID()}"), "mysql")
        assertThat(inbox.poll(5, TimeUnit.SECONDS)!!.content).isEqualTo("right after the receipt")
    }

    @Test
    fun `a non-member can neither subscribe nor send`() {
        val outsider = client()
        val session = outsider.connect(tokens.mint(3))!!
        outsider.subscribe(session, "/topic/chat-rooms.$room", ChatMessageDto::class.java, awaitReceipt = false)
        assertThat(outsider.errors.poll(5, TimeUnit.SECONDS)).contains("not a member")

        val again = client()
        val second = again.connect(tokens.mint(3))!!
        val errors = again.subscribe(second, "/user/queue/errors", ApiError::class.java)
        val clientMessageId = UUID.randomUUID().toString()
        again.send(second, room, mapOf("content" to "let me in", "clientMessageId" to clientMessageId), "mysql")
        assertThat(errors.poll(5, TimeUnit.SECONDS)!!.status).isEqualTo(403)
        assertThat(mysqlMessages.findByRoomIdAndSenderIdAndClientMessageId(room, 3, clientMessageId)).isNull()
    }

    @Test
    fun `a message reaches every subscriber of its room and no other, stored and sent by the token's user`() {
        val alice = client()
        val aliceSession = alice.connect(tokens.mint(1))!!
        val aliceInbox = alice.subscribe(aliceSession, "/topic/chat-rooms.$room", ChatMessageDto::class.java)
        val bob = client()
        val bobSession = bob.connect(tokens.mint(2))!!
        val bobInbox = bob.subscribe(bobSession, "/topic/chat-rooms.$room", ChatMessageDto::class.java)
        val carol = client()
        val carolSession = carol.connect(tokens.mint(3))!!
        val carolInbox = carol.subscribe(carolSession, "/topic/chat-rooms.$otherRoom", ChatMessageDto::class.java)

        for (store in listOf("mysql", "mongo")) {
            val clientMessageId = "stomp-$store-${UUID.randomUUID()}"
            // The payload claims another sender; the server must use the token's user.
            alice.send(aliceSession, room, mapOf("type" to "TALK", "content" to "hello via $store", "clientMessageId" to clientMessageId, "senderId" to 2), store)
            val atAlice = aliceInbox.poll(5, TimeUnit.SECONDS)!!
            val atBob = bobInbox.poll(5, TimeUnit.SECONDS)!!
            assertThat(atAlice).isEqualTo(atBob)
            assertThat(atAlice.clientMessageId).isEqualTo(clientMessageId)
            assertThat(atAlice.senderId).isEqualTo(1)
            assertThat(atAlice.content).isEqualTo("hello via $store")
            val storedInMysql = mysqlMessages.findByRoomIdAndSenderIdAndClientMessageId(room, 1, clientMessageId)
            val storedInMongo = mongoMessages.findByRoomIdAndSenderIdAndClientMessageId(room, 1, clientMessageId)
            assertThat(listOf(storedInMysql != null, storedInMongo != null)).isEqualTo(listOf(store == "mysql", store == "mongo"))
        }
        assertThat(carolInbox.poll(1, TimeUnit.SECONDS)).isNull()
    }

    @Test
    fun `an invalid SEND is answered on the sender's error queue, stores nothing, and the session goes on`() {
        val alice = client()
        val session = alice.connect(tokens.mint(1))!!
        val errors = alice.subscribe(session, "/user/queue/errors", ApiError::class.java)
        val inbox = alice.subscribe(session, "/topic/chat-rooms.$room", ChatMessageDto::class.java)
        val tooLong = "x".repeat(1001)
        alice.send(session, room, mapOf("content" to tooLong, "clientMessageId" to "too-long"), "mongo")
        assertThat(errors.poll(5, TimeUnit.SECONDS)!!.message).contains("at most 1000")
        alice.send(session, room, mapOf("content" to "", "clientMessageId" to "empty"), "mongo")
        assertThat(errors.poll(5, TimeUnit.SECONDS)!!.message).contains("must not be empty")
        assertThat(mongoMessages.findByRoomIdAndSenderIdAndClientMessageId(room, 1, "too-long")).isNull()

        alice.send(session, room, mapOf("content" to "still here", "clientMessageId" to "after-errors-${UUID.randomUUID()}"), "mongo")
        assertThat(inbox.poll(5, TimeUnit.SECONDS)!!.content).isEqualTo("still here")
    }

    @Test
    fun `a handshake that offers per-message compression is upgraded without it`() {
        Socket("127.0.0.1", port).use { socket ->
            socket.soTimeout = 5_000
            val request = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:$port\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
                "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n" +
                "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n"
            socket.getOutputStream().write(request.toByteArray())
            val reader = socket.getInputStream().bufferedReader()
            val head = generateSequence { reader.readLine() }.takeWhile { it.isNotEmpty() }.toList()
            assertThat(head.first()).startsWith("HTTP/1.1 101")
            assertThat(head.filter { it.startsWith("Sec-WebSocket-Extensions", ignoreCase = true) }).isEmpty()
        }
    }
}
