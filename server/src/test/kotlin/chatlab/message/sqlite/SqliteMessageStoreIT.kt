package chatlab.message.sqlite

import chatlab.IntegrationTest
import chatlab.TestRooms
import chatlab.auth.JwtTokens
import chatlab.message.ChatMessageDto
import chatlab.message.MessageQueryService
import chatlab.message.StompClient
import chatlab.system.error.ApiError
import chatlab.sqlite.SqliteDatabase
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.beans.factory.annotation.Qualifier
import org.springframework.boot.test.web.server.LocalServerPort
import java.sql.DriverManager
import java.util.UUID
import java.util.concurrent.TimeUnit

/** The two SQLite message stores over a real WebSocket and real files: what each configuration does under a held lock. */
@IntegrationTest
class SqliteMessageStoreIT(
    @LocalServerPort private val port: Int,
    @Autowired private val tokens: JwtTokens,
    @Autowired private val queries: MessageQueryService,
    @Autowired @Qualifier("sqliteDefault") private val sqlite: SqliteDatabase,
    @Autowired @Qualifier("sqliteTuned") private val sqliteTuned: SqliteDatabase,
) {
    private val room = TestRooms.OTHER_STOMP_ROOM // members 3 and 4

    private fun stored(db: SqliteDatabase, clientMessageId: String): Long =
        db.reader.queryForObject("SELECT COUNT(*) FROM chat_message WHERE client_message_id = ?", Long::class.java, clientMessageId)!!

    @Test
    fun `a SEND the default file cannot take within its busy timeout gets a 503 naming SQLITE_BUSY, is not stored, and its retry is`() {
        val stomp = StompClient(port)
        val session = stomp.connect(tokens.mint(3))!!
        val errors = stomp.subscribe(session, "/user/queue/errors", ApiError::class.java)
        val inbox = stomp.subscribe(session, "/topic/chat-rooms.$room", ChatMessageDto::class.java)
        val clientMessageId = "busy-${UUID.randomUUID()}"
        DriverManager.getConnection("jdbc:sqlite:${sqlite.file}").use { holder ->
            holder.createStatement().execute("BEGIN EXCLUSIVE")
            stomp.send(session, room, mapOf("content" to "while the file is locked", "clientMessageId" to clientMessageId), "sqlite")
            val refused = errors.poll(15, TimeUnit.SECONDS)
            assertThat(refused).isNotNull
            assertThat(refused!!.status).isEqualTo(503)
            assertThat(refused.message).contains("SQLITE_BUSY")
            holder.createStatement().execute("ROLLBACK")
        }
        assertThat(stored(sqlite, clientMessageId)).isZero()
        stomp.send(session, room, mapOf("content" to "while the file is locked", "clientMessageId" to clientMessageId), "sqlite")
        val delivered = inbox.poll(10, TimeUnit.SECONDS)
        assertThat(delivered?.clientMessageId).isEqualTo(clientMessageId)
        assertThat(stored(sqlite, clientMessageId)).isEqualTo(1)
    }

    @Test
    fun `reads of the tuned file go on while another connection holds its write lock, as WAL promises`() {
        DriverManager.getConnection("jdbc:sqlite:${sqliteTuned.file}").use { holder ->
            holder.createStatement().execute("BEGIN IMMEDIATE")
            holder.createStatement().execute("INSERT INTO chat_message VALUES (999999001, $room, 3, 'TALK', 'uncommitted', 0, 'wal-test')")
            val page = queries.latest(3, room, "sqlite-tuned", 20).body
            assertThat(page.messages).isNotEmpty.noneMatch { it.clientMessageId == "wal-test" }
            holder.createStatement().execute("ROLLBACK")
        }
        assertThat(sqliteTuned.reader.queryForObject("PRAGMA journal_mode", String::class.java)).isEqualToIgnoringCase("wal")
        assertThat(sqlite.reader.queryForObject("PRAGMA journal_mode", String::class.java)).isEqualToIgnoringCase("delete")
    }
}
