package chatlab.message

import chatlab.IntegrationTest
import chatlab.TestRooms
import chatlab.auth.JwtTokens
import chatlab.message.mysql.MysqlMessageRepository
import chatlab.system.stomp.StompProperties
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.resttestclient.TestRestTemplate
import org.springframework.boot.test.web.server.LocalServerPort
import org.springframework.http.HttpEntity
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpMethod
import java.util.UUID
import java.util.concurrent.TimeUnit

/** Many idle sessions and clients that vanish mid-conversation must not cost anyone else their service. */
@IntegrationTest
class ManySessionsIT(
    @LocalServerPort private val port: Int,
    @Autowired private val tokens: JwtTokens,
    @Autowired private val rest: TestRestTemplate,
    @Autowired private val mysqlMessages: MysqlMessageRepository,
    @Autowired private val stomp: StompProperties,
) {
    private val room = TestRooms.STOMP_ROOM // members 1 and 2

    @Test
    fun `with 1,000 idle STOMP sessions open the server still answers HTTP and delivers messages`() {
        val token = tokens.mint(1)
        val idle = (1..1000).map { RawStomp(port).also { s -> s.frame("CONNECT", mapOf("accept-version" to "1.2", "host" to "localhost", "Authorization" to "Bearer $token")) } }
        try {
            assertThat(idle.count { it.next("CONNECTED", 30) != null }).isEqualTo(1000)
            val headers = HttpHeaders().apply { setBearerAuth(token) }
            val read = rest.exchange("/api/v1/chat-rooms/$room/messages?store=mysql", HttpMethod.GET, HttpEntity<Unit>(headers), Map::class.java)
            assertThat(read.statusCode.value()).isEqualTo(200)

            val client = StompClient(port)
            val session = client.connect(tokens.mint(2))!!
            val inbox = client.subscribe(session, "/topic/chat-rooms.$room", ChatMessageDto::class.java)
            val clientMessageId = "busy-${UUID.randomUUID()}"
            client.send(session, room, mapOf("content" to "heard over the crowd", "clientMessageId" to clientMessageId), "mysql")
            assertThat(generateSequence { inbox.poll(5, TimeUnit.SECONDS) }.first { it.clientMessageId == clientMessageId }.senderId).isEqualTo(2)
            assertThat(idle.count { it.isOpen }).isEqualTo(1000)
        } finally {
            idle.forEach { it.close() }
        }
    }

    @Test
    fun `a client that disconnects right after SEND still has its message stored once and delivered to the others`() {
        val listener = StompClient(port)
        val session = listener.connect(tokens.mint(2))!!
        val inbox = listener.subscribe(session, "/topic/chat-rooms.$room", ChatMessageDto::class.java)
        val clientMessageId = "vanish-${UUID.randomUUID()}"
        val leaver = RawStomp(port)
        assertThat(leaver.connect(tokens.mint(1))).startsWith("CONNECTED")
        leaver.frame("SEND", mapOf("destination" to "/pub/chat-rooms/$room/messages", "content-type" to "application/json", "store" to "mysql"),
            """{"content":"said and gone","clientMessageId":"$clientMessageId"}""")
        leaver.close()
        val heard = generateSequence { inbox.poll(5, TimeUnit.SECONDS) }.first { it.clientMessageId == clientMessageId }
        assertThat(heard.content).isEqualTo("said and gone")
        assertThat(mysqlMessages.findByRoomIdAndSenderIdAndClientMessageId(room, 1, clientMessageId)!!.id).isEqualTo(heard.id)
    }

    @Test
    fun `members who stop reading are cut off while a reading member keeps getting every message`() {
        StalledMembers(tokens::mint).check(room, stalledPort = port, stalledUser = 1, readerPort = port, reader = 2, senderPort = port, sender = 1)
    }

    @Test
    fun `a member who reads slower than its room is written is cut before it falls two pong timeouts behind`() {
        SlowMember(tokens::mint, stomp.pongTimeout.toMillis()).check(room, port, member = 2, sender = 1)
    }
}
