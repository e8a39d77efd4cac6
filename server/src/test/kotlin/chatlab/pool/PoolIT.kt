package chatlab.pool

import chatlab.IntegrationTest
import chatlab.auth.JwtTokens
import com.zaxxer.hikari.HikariDataSource
import org.assertj.core.api.Assertions.assertThat
import org.awaitility.kotlin.await
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.resttestclient.TestRestTemplate
import org.springframework.http.HttpEntity
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpMethod
import org.springframework.http.ResponseEntity
import java.time.Duration
import javax.sql.DataSource

/** The pool experiment's resize endpoint against the real MariaDB pool: the size takes effect, bad input is a 4xx. */
@IntegrationTest
class PoolIT(
    @Autowired private val rest: TestRestTemplate,
    @Autowired private val tokens: JwtTokens,
    @Autowired dataSource: DataSource,
) {
    private val mysql = dataSource.unwrap(HikariDataSource::class.java)

    private fun put(path: String, token: String? = tokens.mint(1, scope = "lab")): ResponseEntity<String> = exchange(HttpMethod.PUT, path, token)

    private fun exchange(method: HttpMethod, path: String, token: String? = tokens.mint(1, scope = "lab")): ResponseEntity<String> =
        rest.exchange(path, method, HttpEntity<Unit>(HttpHeaders().apply { if (token != null) setBearerAuth(token) }), String::class.java)

    @Test
    fun `resizing the MySQL pool changes its maximum at once and retires connections above it`() {
        val original = mysql.hikariConfigMXBean.maximumPoolSize
        try {
            // Hold three connections, then shrink to two: the busy ones retire when they come back.
            val held = (1..3).map { mysql.connection }
            val answer = put("/api/v1/lab/pools/mysql?size=2")
            assertThat(answer.statusCode.value()).isEqualTo(200)
            assertThat(answer.body).contains(""""pool":"mysql","maximumPoolSize":2""")
            assertThat(mysql.hikariConfigMXBean.maximumPoolSize).isEqualTo(2)
            held.forEach { it.close() }
            await.atMost(Duration.ofSeconds(10)).until { mysql.hikariPoolMXBean.totalConnections <= 2 }
            assertThat(put("/api/v1/lab/pools/mysql?size=12").body).contains(""""maximumPoolSize":12""")
            val grown = (1..6).map { mysql.connection }
            assertThat(mysql.hikariPoolMXBean.totalConnections).isGreaterThanOrEqualTo(6)
            grown.forEach { it.close() }
        } finally {
            exchange(HttpMethod.DELETE, "/api/v1/lab/pools/mysql")
        }
        assertThat(mysql.hikariConfigMXBean.maximumPoolSize).isEqualTo(original)
    }

    @Test
    fun `restoring a pool puts back the size and minimum idle it was configured with, after any resize`() {
        val maximum = mysql.hikariConfigMXBean.maximumPoolSize
        val minimumIdle = mysql.hikariConfigMXBean.minimumIdle
        for (size in listOf(3, maximum + 5)) {
            assertThat(put("/api/v1/lab/pools/mysql?size=$size").statusCode.value()).isEqualTo(200)
            val restored = exchange(HttpMethod.DELETE, "/api/v1/lab/pools/mysql")
            assertThat(restored.statusCode.value()).isEqualTo(200)
            assertThat(restored.body).contains(""""pool":"mysql","maximumPoolSize":$maximum""")
            assertThat(mysql.hikariConfigMXBean.maximumPoolSize).isEqualTo(maximum)
            assertThat(mysql.hikariConfigMXBean.minimumIdle).isEqualTo(minimumIdle)
        }
        assertThat(exchange(HttpMethod.DELETE, "/api/v1/lab/pools/postgres").statusCode.value()).isEqualTo(400)
        assertThat(exchange(HttpMethod.DELETE, "/api/v1/lab/pools/mysql", tokens.mint(1)).statusCode.value()).isEqualTo(403)
    }

    @Test
    fun `the SQLite pool resizes too, and bad input or an ordinary token gets a clear 4xx`() {
        fun size(body: String?) = Regex(""""maximumPoolSize":(\d+)""").find(body!!)!!.groupValues[1].toInt()
        val original = size(rest.exchange("/api/v1/lab/pools/sqlite", HttpMethod.GET, HttpEntity<Unit>(HttpHeaders().apply { setBearerAuth(tokens.mint(1, scope = "lab")) }), String::class.java).body)
        try {
            assertThat(size(put("/api/v1/lab/pools/sqlite?size=3").body)).isEqualTo(3)
        } finally {
            assertThat(size(exchange(HttpMethod.DELETE, "/api/v1/lab/pools/sqlite").body)).isEqualTo(original)
        }
        assertThat(put("/api/v1/lab/pools/postgres?size=3").let { it.statusCode.value() to it.body }).satisfies({ (status, body) ->
            assertThat(status).isEqualTo(400)
            assertThat(body).contains("mysql, sqlite")
        })
        assertThat(put("/api/v1/lab/pools/mysql?size=0").statusCode.value()).isEqualTo(400)
        assertThat(put("/api/v1/lab/pools/mysql?size=lots").statusCode.value()).isEqualTo(400)
        assertThat(put("/api/v1/lab/pools/mysql?size=3", tokens.mint(1)).statusCode.value()).isEqualTo(403)
        assertThat(put("/api/v1/lab/pools/mysql?size=3", token = null).statusCode.value()).isEqualTo(401)
    }
}
