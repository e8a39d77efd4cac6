package chatlab.message

import chatlab.IntegrationTest
import chatlab.TestRooms
import chatlab.auth.JwtTokens
import chatlab.message.mongo.MongoMessageStore
import chatlab.message.mysql.MysqlMessageStore
import chatlab.message.redis.CachedMessageStore
import chatlab.message.sqlite.SqliteMessageStore
import chatlab.seed.SeedProperties
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.test.web.server.LocalServerPort
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.transaction.support.TransactionTemplate
import tools.jackson.databind.ObjectMapper
import java.time.Instant
import java.time.ZoneOffset
import java.time.temporal.ChronoUnit
import java.util.UUID

/** Message ids: never below the seed's, and a clash with a stored id is a server fault, never a silent retry or an "outage". */
@IntegrationTest
class MessageIdsIT(
    @LocalServerPort private val port: Int,
    @Autowired private val tokens: JwtTokens,
    @Autowired private val jdbc: JdbcTemplate,
    @Autowired private val tx: TransactionTemplate,
    @Autowired private val seed: SeedProperties,
    @Autowired private val mysql: MysqlMessageStore,
    @Autowired private val mongo: MongoMessageStore,
    @Autowired private val cached: CachedMessageStore,
    @Autowired private val sqlite: List<SqliteMessageStore>,
) {
    private val room = TestRooms.STOMP_ROOM // members 1 and 2
    private val json = ObjectMapper()

    private fun nextIdRow(): Long = jdbc.queryForObject("SELECT next_id FROM id_block WHERE name = ?", Long::class.java, MessageIdAllocator.NAME)!!

    @Test
    fun `no id block starts at or below the seed's highest id, whatever the allocator row says`() {
        val saved = nextIdRow()
        try {
            jdbc.update("UPDATE id_block SET next_id = 1 WHERE name = ?", MessageIdAllocator.NAME)
            val fresh = MessageIdAllocator(jdbc, tx, seed.messages.toLong())
            val ids = (1..3).map { fresh.nextId() }
            assertThat(ids).allMatch { it > seed.messages }.doesNotHaveDuplicates()
            assertThat(nextIdRow()).isGreaterThan(ids.max())
        } finally {
            jdbc.update("UPDATE id_block SET next_id = GREATEST(next_id, ?) WHERE name = ?", saved, MessageIdAllocator.NAME)
        }
    }

    @Test
    fun `every store refuses a new message with a taken id as a clash, not as a retry of that message`() {
        for (store in listOf(mysql, mongo, cached) + sqlite) {
            val clientMessageId = "clash-${UUID.randomUUID()}"
            val clash = ChatMessage(1, room, 1, MessageType.TALK, "reuses id 1", Instant.now().truncatedTo(ChronoUnit.MILLIS), clientMessageId)
            assertThatThrownBy { store.save(clash) }.describedAs(store.kind.key).isInstanceOf(MessageIdClashException::class.java)
                .hasMessageContaining("message id 1")
        }
    }

    @Test
    fun `a SEND whose id the store already holds is answered as a server fault, and the next SEND is stored`() {
        val stomp = RawStomp(port).also { assertThat(it.connect(tokens.mint(1))).startsWith("CONNECTED") }
        listOf("errors" to "/user/queue/errors", "room" to "/topic/chat-rooms.$room").forEach { (id, destination) ->
            stomp.frame("SUBSCRIBE", mapOf("id" to id, "destination" to destination, "receipt" to "r-$id"))
            assertThat(stomp.next("RECEIPT")).isNotNull()
        }
        fun send(clientMessageId: String): Map<*, *> {
            stomp.frame(
                "SEND", mapOf("destination" to "/pub/chat-rooms/$room/messages", "content-type" to "application/json", "store" to "mysql"),
                """{"content":"ids","clientMessageId":"$clientMessageId"}""",
            )
            return json.readValue(stomp.next("MESSAGE")!!.substringAfter("\n\n").trimEnd('\u0000'), Map::class.java)
        }
        val last = (send("ids-${UUID.randomUUID()}")["id"] as Number).toLong()
        // The next id is last + 1, or the start of the next block when last ended one: plant both in MySQL.
        val planted = setOf(last + 1, nextIdRow())
        val at = Instant.now().atOffset(ZoneOffset.UTC).toLocalDateTime()
        planted.forEach {
            jdbc.update(
                "INSERT INTO chat_message (id, room_id, sender_id, type, content, sent_at, client_message_id) VALUES (?, ?, 2, 'TALK', 'planted', ?, ?)",
                it, room, at, "planted-$it",
            )
        }
        try {
            val fault = send("ids-${UUID.randomUUID()}")
            assertThat(fault["status"]).isEqualTo(500)
            assertThat(fault["message"].toString()).contains("server fault").doesNotContain("unavailable")
            // Rarely last + 2 starts the next block, which is planted too: every answer is a fault or the stored message.
            val next = generateSequence { send("ids-${UUID.randomUUID()}") }.take(3).onEach {
                if (it["status"] != null) assertThat(it["message"].toString()).contains("server fault")
            }.first { it["content"] != null }
            assertThat(next["content"]).isEqualTo("ids")
            assertThat((next["id"] as Number).toLong()).isNotIn(planted)
        } finally {
            planted.forEach { jdbc.update("DELETE FROM chat_message WHERE id = ? AND client_message_id = ?", it, "planted-$it") }
            stomp.close()
        }
    }
}
