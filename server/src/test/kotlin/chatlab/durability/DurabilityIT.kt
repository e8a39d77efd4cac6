package chatlab.durability

import chatlab.IntegrationTest
import chatlab.TestRooms
import chatlab.auth.JwtTokens
import chatlab.message.ChatMessage
import chatlab.message.MessageIdAllocator
import chatlab.message.MessageType
import chatlab.message.Position
import chatlab.message.mysql.MysqlMessageStore
import chatlab.message.sqlite.SqliteMessageStore
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.resttestclient.TestRestTemplate
import org.springframework.http.HttpEntity
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpMethod
import org.springframework.http.MediaType
import java.time.Instant

/** The lab switches MySQL and tuned SQLite between the two promises, says what each store gives, and times the disk's fsync. */
@IntegrationTest
class DurabilityIT(
    @Autowired private val rest: TestRestTemplate,
    @Autowired private val tokens: JwtTokens,
    @Autowired private val ids: MessageIdAllocator,
    @Autowired private val mysql: MysqlMessageStore,
    @Autowired private val sqlite: List<SqliteMessageStore>,
) {
    private fun call(method: HttpMethod, path: String, body: String? = null) = rest.exchange(
        path, method,
        HttpEntity(body, HttpHeaders().apply { setBearerAuth(tokens.mint(1, scope = "lab")); contentType = MediaType.APPLICATION_JSON }),
        Map::class.java,
    )

    private fun promise(promise: String) = call(HttpMethod.PUT, "/api/v1/lab/durability", """{"promise":"$promise"}""")

    @AfterEach
    fun durableAgain() {
        assertThat(promise("durable").statusCode.value()).isEqualTo(200)
    }

    @Test
    fun `relaxed sets MySQL's log flush to once a second and tuned SQLite to NORMAL, durable sets them back, and writes land under both`() {
        val room = TestRooms.STORE_TEST
        for ((name, flush, synchronous) in listOf(Triple("relaxed", 2, "NORMAL"), Triple("durable", 1, "FULL"))) {
            val answer = promise(name)

            assertThat(answer.statusCode.value()).isEqualTo(200)
            val body = answer.body!!
            assertThat(body["promise"]).isEqualTo(name)
            assertThat((body["mysql"] as Map<*, *>)["flushLogAtTrxCommit"]).isEqualTo(flush)
            assertThat(body["sqliteTuned"]).isEqualTo(mapOf("journalMode" to "wal", "synchronous" to synchronous))
            assertThat(body["sqlite"]).describedAs("the driver's defaults stay durable").isEqualTo(mapOf("journalMode" to "delete", "synchronous" to "FULL"))
            assertThat(call(HttpMethod.GET, "/api/v1/lab/durability").body).isEqualTo(body)
            (listOf(mysql) + sqlite).forEach { store ->
                val saved = store.save(ChatMessage(ids.nextId(), room, 1, MessageType.TALK, "at $name", Instant.now(), "durability-$name-${store.kind.key}"))
                assertThat(store.findBefore(room, Position.NEWEST, 5).messages.map { it.id }).contains(saved.id)
            }
        }
    }

    @Test
    fun `an unknown promise is refused with a message and changes nothing`() {
        promise("relaxed")

        val answer = promise("sometimes")

        assertThat(answer.statusCode.value()).isEqualTo(400)
        assertThat(answer.body!!["message"] as String).contains("unknown promise 'sometimes'")
        assertThat(call(HttpMethod.GET, "/api/v1/lab/durability").body!!["promise"]).isEqualTo("relaxed")
    }

    @Test
    fun `the fsync probe times every write and answers its median, 99th percentile and most in order`() {
        val answer = call(HttpMethod.GET, "/api/v1/lab/durability/fsync?writes=50")

        assertThat(answer.statusCode.value()).isEqualTo(200)
        val body = answer.body!!.mapValues { it.value.toString() }
        assertThat(body["writes"]).isEqualTo("50")
        assertThat(body["bytes"]).isEqualTo("4096")
        val (p50, p99, max) = listOf("p50Micros", "p99Micros", "maxMicros").map { body.getValue(it).toLong() }
        assertThat(p50).isPositive().isLessThanOrEqualTo(p99)
        assertThat(p99).isLessThanOrEqualTo(max)
    }
}
