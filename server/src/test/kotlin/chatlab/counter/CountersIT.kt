package chatlab.counter

import chatlab.IntegrationTest
import chatlab.auth.JwtTokens
import chatlab.sqlite.SqliteDatabase
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.MethodSource
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.beans.factory.annotation.Qualifier
import org.springframework.boot.resttestclient.TestRestTemplate
import org.springframework.http.HttpEntity
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpMethod
import org.springframework.http.ResponseEntity
import org.springframework.jdbc.core.JdbcTemplate
import java.sql.DriverManager
import java.util.concurrent.CountDownLatch
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/** The counters experiment against the embedded MariaDB and real SQLite files: no lost update, clear failures. */
@IntegrationTest
class CountersIT(
    @Autowired private val rest: TestRestTemplate,
    @Autowired private val tokens: JwtTokens,
    @Autowired private val jdbc: JdbcTemplate,
    @Autowired @Qualifier("sqliteDefault") private val sqlite: SqliteDatabase,
    @Autowired @Qualifier("sqliteTuned") private val sqliteTuned: SqliteDatabase,
) {
    private fun call(method: HttpMethod, path: String, token: String? = tokens.mint(7)): ResponseEntity<String> =
        rest.exchange(path, method, HttpEntity<Unit>(HttpHeaders().apply { if (token != null) setBearerAuth(token) }), String::class.java)

    private fun view(room: Long, store: String, mode: String) = call(HttpMethod.POST, "/api/v1/chat-rooms/$room/views?store=$store&mode=$mode")

    private fun count(room: Long, store: String, mode: String): Long =
        Regex(""""views":(\d+)""").find(call(HttpMethod.GET, "/api/v1/chat-rooms/$room/views?store=$store&mode=$mode").body!!)!!.groupValues[1].toLong()

    private fun reset(room: Long) = call(HttpMethod.PUT, "/api/v1/lab/counters/rooms/$room", tokens.mint(1, scope = "lab"))

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("storesAndModes")
    fun `concurrent views are each counted once, and a refused one is a 503 naming the cause`(store: String, mode: String) {
        val room = 3L
        assertThat(reset(room).statusCode.value()).isEqualTo(200)
        val pool = Executors.newFixedThreadPool(16)
        val start = CountDownLatch(1)
        val answers = try {
            (1..320).map { pool.submit<ResponseEntity<String>> { start.await(); view(room, store, mode) } }
                .also { start.countDown() }.map { it.get(60, TimeUnit.SECONDS) }
        } finally {
            pool.shutdownNow()
        }
        val counted = answers.count { it.statusCode.value() == 204 }
        val refused = answers.filter { it.statusCode.value() == 503 }
        assertThat(counted + refused.size).describedAs("only 204s and 503s").isEqualTo(320)
        assertThat(refused).allSatisfy { assertThat(it.body).containsAnyOf("SQLITE_BUSY", "every connection stayed in use for the pool's whole wait") }
        if (store != "sqlite") assertThat(refused).describedAs("only the driver-defaults SQLite may refuse").isEmpty()
        assertThat(count(room, store, mode)).describedAs("no lost update, nothing counted twice").isEqualTo(counted.toLong())
    }

    @Test
    fun `each store's views land in its own database`() {
        val room = 4L
        reset(room)
        view(room, "mysql", "counter")
        repeat(2) { view(room, "sqlite", "log") }
        repeat(3) { view(room, "sqlite-tuned", "counter") }
        assertThat(jdbc.queryForObject("SELECT views FROM room_view_counter WHERE room_id = 4", Long::class.java)).isEqualTo(1L)
        fun inFile(db: SqliteDatabase, sql: String): String = DriverManager.getConnection("jdbc:sqlite:${db.file}").use { c ->
            c.createStatement().use { s -> s.executeQuery(sql).use { if (it.next()) it.getString(1) else "" } }
        }
        assertThat(inFile(sqlite, "SELECT COUNT(*) FROM room_view_log WHERE room_id = 4")).isEqualTo("2")
        assertThat(inFile(sqlite, "SELECT COUNT(*) FROM room_view_counter WHERE room_id = 4")).isEqualTo("0")
        assertThat(inFile(sqliteTuned, "SELECT views FROM room_view_counter WHERE room_id = 4")).isEqualTo("3")
        assertThat(inFile(sqliteTuned, "PRAGMA journal_mode")).isEqualTo("wal")
        assertThat(inFile(sqlite, "PRAGMA journal_mode")).isEqualTo("delete")
    }

    @Test
    fun `a write SQLite cannot take within its busy timeout is a 503 naming SQLITE_BUSY, and nothing is counted`() {
        val room = 5L
        reset(room)
        DriverManager.getConnection("jdbc:sqlite:${sqlite.file}").use { holder ->
            holder.createStatement().execute("BEGIN EXCLUSIVE")
            val refused = view(room, "sqlite", "counter")
            assertThat(refused.statusCode.value()).isEqualTo(503)
            assertThat(refused.body).contains("SQLITE_BUSY")
            holder.createStatement().execute("ROLLBACK")
        }
        assertThat(count(room, "sqlite", "counter")).isZero()
        assertThat(view(room, "sqlite", "counter").statusCode.value()).isEqualTo(204)
        assertThat(count(room, "sqlite", "counter")).isEqualTo(1L)
    }

    @Test
    fun `bad input gets a clear 4xx and counts nothing`() {
        val room = 6L
        reset(room)
        assertThat(view(room, "postgres", "counter").let { it.statusCode.value() to it.body }).satisfies({ (status, body) ->
            assertThat(status).isEqualTo(400)
            assertThat(body).contains("mysql, sqlite, sqlite-tuned")
        })
        assertThat(view(room, "mysql", "tally").statusCode.value()).isEqualTo(400)
        assertThat(call(HttpMethod.POST, "/api/v1/chat-rooms/$room/views?store=mysql").statusCode.value()).isEqualTo(400)
        assertThat(view(987654, "sqlite", "log").statusCode.value()).isEqualTo(404)
        assertThat(count(room, "mysql", "counter")).isZero()
    }

    @Test
    fun `the counters lab endpoint needs a token with the lab scope`() {
        assertThat(call(HttpMethod.PUT, "/api/v1/lab/counters/rooms/7").statusCode.value()).isEqualTo(403)
        assertThat(call(HttpMethod.PUT, "/api/v1/lab/counters/rooms/7", token = null).statusCode.value()).isEqualTo(401)
        assertThat(reset(7).body).contains(""""store":"sqlite-tuned","mode":"log","views":0""")
    }

    companion object {
        @JvmStatic
        fun storesAndModes() = ViewStore.entries.flatMap { store -> CounterMode.entries.map { Arguments.of(store.key, it.key) } }
    }
}
