package chatlab.lab

import chatlab.IntegrationTest
import chatlab.auth.JwtTokens
import io.micrometer.core.instrument.MeterRegistry
import org.assertj.core.api.Assertions.assertThat
import org.awaitility.kotlin.await
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.resttestclient.TestRestTemplate
import org.springframework.http.HttpEntity
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpMethod
import java.time.Duration
import java.util.concurrent.atomic.AtomicBoolean
import javax.sql.DataSource
import kotlin.concurrent.thread

@IntegrationTest
class LabIT(
    @Autowired private val rest: TestRestTemplate,
    @Autowired private val tokens: JwtTokens,
    @Autowired private val dataSource: DataSource,
    @Autowired private val meters: MeterRegistry,
) {
    private fun activity(token: String?) = rest.exchange(
        "/api/v1/lab/activity", HttpMethod.GET, HttpEntity<Unit>(HttpHeaders().apply { if (token != null) setBearerAuth(token) }), Map::class.java,
    )

    private fun lab() = activity(tokens.mint(1, scope = "lab")).body!!

    @Test
    fun `lab endpoints need a token with the lab scope`() {
        assertThat(activity(null).statusCode.value()).isEqualTo(401)
        val ordinary = activity(tokens.mint(1))
        assertThat(ordinary.statusCode.value()).isEqualTo(403)
        assertThat(ordinary.body!!["message"].toString()).contains("scope").contains("lab")
        assertThat(activity(tokens.mint(1, scope = "read write")).statusCode.value()).isEqualTo(403)
        assertThat(activity(tokens.mint(1, scope = "read lab")).statusCode.value()).isEqualTo(200)
    }

    @Test
    fun `the server is idle when nothing runs, and busy while a store connection is held`() {
        await.atMost(Duration.ofSeconds(20)).until { lab()["idle"] == true }
        assertThat(meters.find("http.server.requests.active").longTaskTimers()).describedAs("in-flight HTTP requests are measured").isNotEmpty()
        val cpu = lab()["cpuSeconds"] as Map<*, *>
        assertThat(cpu["server"] as Double).isGreaterThan(0.0)
        assertThat(cpu["backends"] as Double).describedAs("embedded MariaDB and Redis are child processes").isGreaterThan(0.0)
        dataSource.connection.use {
            val busy = lab()
            assertThat(busy["idle"]).isEqualTo(false)
            assertThat(busy["mysqlActive"] as Int).isGreaterThanOrEqualTo(1)
        }
        await.atMost(Duration.ofSeconds(20)).until { lab()["idle"] == true }
    }

    @Test
    fun `two engines asking at once, without a pause, never see each other's question in flight, since a question is no load`() {
        await.atMost(Duration.ofSeconds(20)).until { lab()["idle"] == true }
        val inFlight = (0 until 2).map {
            java.util.concurrent.CompletableFuture.supplyAsync({ (1..8).map { lab()["httpInFlight"] } }, java.util.concurrent.Executors.newSingleThreadExecutor())
        }.map { it.get(60, java.util.concurrent.TimeUnit.SECONDS) }
        // (Their CPU is not asserted: this test's own client threads run in the server's JVM.)
        assertThat(inFlight.flatten()).describedAs("requests in flight each engine was told while the other asked too").containsOnly(0)
    }

    @Test
    fun `the server is not idle while its CPUs are busy`() {
        await.atMost(Duration.ofSeconds(20)).until { lab()["idle"] == true }
        val spin = AtomicBoolean(true)
        // One spinning thread per core: beside another test JVM's load, a single one got less than half a core.
        val burners = (1..Runtime.getRuntime().availableProcessors()).map { thread { while (spin.get()) Math.sqrt(Math.random()) } }
        try {
            await.atMost(Duration.ofSeconds(5)).until { (lab()["busyCores"] as Double) > 0.5 }
            assertThat(lab()["idle"]).isEqualTo(false)
        } finally {
            spin.set(false)
            burners.forEach { it.join() }
        }
        await.atMost(Duration.ofSeconds(20)).until { lab()["idle"] == true }
    }
}
