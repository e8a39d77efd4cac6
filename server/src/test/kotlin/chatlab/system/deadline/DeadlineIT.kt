package chatlab.system.deadline

import chatlab.IntegrationTest
import chatlab.auth.JwtTokens
import chatlab.message.mongo.MongoMessageStore.Companion.within
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.resttestclient.TestRestTemplate
import org.springframework.dao.QueryTimeoutException
import org.springframework.data.mongodb.core.query.Query
import org.springframework.http.HttpEntity
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpMethod
import org.springframework.jdbc.core.JdbcTemplate
import java.time.Duration

/** The client's timeout becomes the database's own deadline for the request's queries. */
@IntegrationTest
class DeadlineIT(
    @Autowired private val rest: TestRestTemplate,
    @Autowired private val tokens: JwtTokens,
    @Autowired private val jdbc: JdbcTemplate,
) {
    private fun get(path: String, timeout: String?) = rest.exchange(
        "/api/v1/chat-rooms$path", HttpMethod.GET,
        HttpEntity<Unit>(HttpHeaders().apply { setBearerAuth(tokens.mint(5)); if (timeout != null) set(DeadlineFilter.HEADER, timeout) }),
        Map::class.java,
    )

    @Test
    fun `a timeout header that is not a number of milliseconds is a 400 that says so`() {
        listOf("abc", "0", "-5", "600001").forEach {
            val response = get("/1/messages?store=mysql", it)
            assertThat(response.statusCode.value()).describedAs(it).isEqualTo(400)
            assertThat(response.body!!["message"].toString()).contains(DeadlineFilter.HEADER).contains("milliseconds")
        }
        assertThat(get("/1/messages?store=mysql", "2500").statusCode.value()).isEqualTo(200)
    }

    @Test
    fun `MariaDB receives the rest of the client's timeout as each statement's max_statement_time`() {
        jdbc.execute("SET GLOBAL log_output = 'TABLE'")
        jdbc.execute("SET GLOBAL general_log = 1")
        try {
            jdbc.execute("TRUNCATE mysql.general_log")
            assertThat(get("/1/messages?store=mysql&page=3", "2500").statusCode.value()).isEqualTo(200)
            assertThat(get("/1/messages?store=mysql&lastSentAt=2025-02-01T00:00:00Z", null).statusCode.value()).isEqualTo(200)
            val statements = jdbc.queryForList("SELECT CONVERT(argument USING utf8mb4) FROM mysql.general_log WHERE command_type = 'Query'", String::class.java).requireNoNulls()
            val reads = statements.filter { "chat_message" in it && it.contains("select", ignoreCase = true) }
            val limits = reads.mapNotNull { LIMIT.find(it)?.groupValues?.get(1)?.toDouble() }
            assertThat(limits).describedAs("%s", reads).hasSize(3)
            // The offset page (its rows and its count) within the 2.5 s asked for; the keyset page within the 30 s default.
            assertThat(limits.filter { it in 1.5..2.5 }).hasSize(2)
            assertThat(limits.filter { it in 25.0..30.0 }).hasSize(1)
        } finally {
            jdbc.execute("SET GLOBAL general_log = 0")
        }
    }

    @Test
    fun `MariaDB stops a statement past its limit, and the error is a query timeout (answered 503)`() {
        assertThatThrownBy {
            jdbc.queryForObject("SET STATEMENT max_statement_time=0.01 FOR SELECT COUNT(*) FROM chat_message a, chat_message b", Long::class.java)
        }.isInstanceOf(QueryTimeoutException::class.java)
    }

    @Test
    fun `a SELECT outside any request gets no limit, and MySQL gets its optimizer hint instead`() {
        assertThat(DeadlineStatementInspector.forUrl("jdbc:mariadb://h/db").inspect("select 1")).isEqualTo("select 1")
        RequestDeadline.within(Deadline.after(Duration.ofMillis(1500))) {
            assertThat(DeadlineStatementInspector.forUrl("jdbc:mysql://h/db").inspect("select m.id from chat_message m"))
                .matches("select /\\*\\+ MAX_EXECUTION_TIME\\(1[0-9]{3}\\) \\*/ m.id from chat_message m")
            assertThat(DeadlineStatementInspector.forUrl("jdbc:mariadb://h/db").inspect("insert into x values (1)")).isEqualTo("insert into x values (1)")
        }
    }

    @Test
    fun `MongoDB queries carry what is left of the deadline they are given as maxTimeMS`() {
        assertThat(Query().within(null).meta.maxTimeMsec).isNull()
        assertThat(Query().within(Deadline.after(Duration.ofSeconds(2))).meta.maxTimeMsec).isBetween(1_000L, 2_000L)
        assertThat(RequestDeadline.remaining()).isNull()
    }

    companion object {
        private val LIMIT = Regex("""SET STATEMENT max_statement_time=([0-9.]+) FOR select""")
    }
}
