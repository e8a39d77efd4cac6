package chatlab.message

import chatlab.IntegrationTest
import chatlab.TestRooms
import chatlab.auth.JwtTokens
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.resttestclient.TestRestTemplate
import org.springframework.boot.test.web.server.LocalServerPort
import org.springframework.http.HttpEntity
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpMethod
import org.springframework.jdbc.core.JdbcTemplate

/** The order contract on one instance, under many clients at once (see server/README.md, "Order"). */
@IntegrationTest
class SendOrderIT(
    @LocalServerPort private val port: Int,
    @Autowired private val tokens: JwtTokens,
    @Autowired private val rest: TestRestTemplate,
    @Autowired private val jdbc: JdbcTemplate,
) {
    private val room = TestRooms.CACHE_WRITES.first

    @Test
    fun `each sender's messages are stored and delivered in the order sent while several send into one room at once`() {
        val members = jdbc.queryForList("SELECT user_id FROM room_membership WHERE room_id = ? ORDER BY user_id", Long::class.java, room).requireNoNulls()
        val conversation = Conversation(listOf(port), room, members, members.take(4), perSender = 60, store = "mysql", mint = tokens::mint)
        try {
            val received = conversation.run()
            conversation.audit(received, history(members.first()))
        } finally {
            conversation.close()
        }
    }

    /** The newest 500 messages of the room in MySQL, newest first (the conversation's 240 are the newest). */
    private fun history(reader: Long): List<ChatMessageDto> {
        val headers = HttpHeaders().apply { setBearerAuth(tokens.mint(reader)) }
        val all = mutableListOf<ChatMessageDto>()
        var cursor: String? = null
        do {
            val page = rest.exchange("/api/v1/chat-rooms/$room/messages?store=mysql&size=100" + (cursor?.let { "&cursor=$it" } ?: ""),
                HttpMethod.GET, HttpEntity<Unit>(headers), KeysetPageDto::class.java).body!!
            all += page.messages
            cursor = page.nextCursor
        } while (cursor != null && all.size < 500)
        return all
    }
}
