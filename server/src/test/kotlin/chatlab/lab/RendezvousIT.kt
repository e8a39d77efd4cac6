package chatlab.lab

import chatlab.IntegrationTest
import chatlab.auth.JwtTokens
import org.assertj.core.api.Assertions.assertThat
import org.awaitility.kotlin.await
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.resttestclient.TestRestTemplate
import org.springframework.http.HttpEntity
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpMethod
import org.springframework.http.MediaType
import org.springframework.http.ResponseEntity
import tools.jackson.databind.JsonNode
import tools.jackson.databind.ObjectMapper
import java.time.Duration
import java.util.concurrent.CompletableFuture
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/** The JMeter engines' meetings (POST /api/v1/lab/rendezvous/{key}), many engines at once, over real HTTP. */
@IntegrationTest
class RendezvousIT(
    @Autowired private val rest: TestRestTemplate,
    @Autowired private val tokens: JwtTokens,
    @Autowired private val rendezvous: Rendezvous,
) {
    private val json = ObjectMapper()

    private fun meet(key: String, parties: Any, body: String, timeoutSeconds: Any = 30, scope: String = "lab"): ResponseEntity<String> {
        val headers = HttpHeaders().apply { setBearerAuth(tokens.mint(1, scope = scope)); contentType = MediaType.APPLICATION_JSON }
        return rest.exchange("/api/v1/lab/rendezvous/{key}?parties={parties}&timeoutSeconds={timeout}", HttpMethod.POST,
            HttpEntity(body, headers), String::class.java, key, parties, timeoutSeconds)
    }

    private fun read(response: ResponseEntity<String>): JsonNode = json.readTree(response.body)

    private fun <T> inParallel(count: Int, task: (Int) -> T): List<T> {
        val pool = Executors.newFixedThreadPool(count)
        try {
            return (0 until count).map { n -> CompletableFuture.supplyAsync({ task(n) }, pool) }.map { it.get(60, TimeUnit.SECONDS) }
        } finally {
            pool.shutdownNow()
        }
    }

    @Test
    fun `engines meeting step after step each get every engine's contribution of that step, in one order`() {
        val engines = 6
        val steps = 5
        val answers = inParallel(engines) { engine ->
            (1..steps).map { step -> meet("steps", engines, """{"engine":$engine,"step":$step}""").also { assertThat(it.statusCode.value()).isEqualTo(200) } }
                .map { read(it) }
        }
        for (step in 0 until steps) {
            val meetings = answers.map { it[step] }
            assertThat(meetings.map { it["party"].asInt() }).describedAs("step ${step + 1}: each engine its own place").containsExactlyInAnyOrderElementsOf(0 until engines)
            assertThat(meetings.map { it["contributions"] }.toSet()).describedAs("step ${step + 1}: one list for all").hasSize(1)
            val contributions = meetings.first()["contributions"]
            assertThat(contributions.values().map { it["step"].asInt() }).describedAs("no engine met a step early or late").containsOnly(step + 1)
            assertThat(contributions.values().map { it["engine"].asInt() }).containsExactlyInAnyOrderElementsOf(0 until engines)
        }
    }

    @Test
    fun `a party the others leave waiting gets a 408 that says who came, and the next meeting at its key is not joined by it`() {
        val alone = meet("alone", 2, """{"engine":0}""", timeoutSeconds = 1)
        assertThat(alone.statusCode.value()).isEqualTo(408)
        assertThat(read(alone)["message"].asString()).contains("1 of 2 parties came to meeting 'alone' within 1 s")
        val pair = inParallel(2) { engine -> read(meet("alone", 2, """{"engine":${engine + 1}}""")) }
        assertThat(pair.flatMap { it["contributions"].values().map { c -> c["engine"].asInt() } }.toSet()).containsExactlyInAnyOrder(1, 2)
        assertThat(rendezvous.waiting()).isZero()
    }

    @Test
    fun `an engine waiting at a meeting is no load, so the server counts as idle while it waits`() {
        val first = CompletableFuture.supplyAsync { meet("drain", 2, """{"engine":0}""") }
        await.atMost(Duration.ofSeconds(10)).until { rendezvous.waiting() == 1 }
        val activity = HttpHeaders().apply { setBearerAuth(tokens.mint(1, scope = "lab")) }
        await.atMost(Duration.ofSeconds(20)).until {
            rest.exchange("/api/v1/lab/activity", HttpMethod.GET, HttpEntity<Unit>(activity), Map::class.java).body!!["idle"] == true
        }
        assertThat(first).isNotDone
        val second = meet("drain", 2, """{"engine":1}""")
        assertThat(second.statusCode.value()).isEqualTo(200)
        assertThat(first.get(10, TimeUnit.SECONDS).statusCode.value()).isEqualTo(200)
    }

    @Test
    fun `a meeting refuses nonsense with a 4xx that says why, and a party with another count than the open meeting's with a 409`() {
        val refusals = listOf(
            meet("bad", 0, "{}"), meet("bad", 65, "{}"), meet("bad", "two", "{}"), meet("bad", 1, "[1,2]"),
            meet("bad", 1, "not json"), meet("bad", 1, "{}", timeoutSeconds = 0), meet("k".repeat(201), 1, "{}"),
        )
        for (response in refusals) {
            assertThat(response.statusCode.value()).describedAs(response.body).isEqualTo(400)
            assertThat(read(response)["message"].asString()).isNotBlank()
        }
        assertThat(meet("bad", 1, "{}", scope = "read write").statusCode.value()).isEqualTo(403)
        val waiting = CompletableFuture.supplyAsync { meet("counted", 2, "{}") }
        await.atMost(Duration.ofSeconds(10)).until { rendezvous.waiting() == 1 }
        val other = meet("counted", 3, "{}")
        assertThat(other.statusCode.value()).isEqualTo(409)
        assertThat(read(other)["message"].asString()).contains("open for 2 parties").contains("came for 3")
        assertThat(meet("counted", 2, "{}").statusCode.value()).isEqualTo(200)
        assertThat(waiting.get(10, TimeUnit.SECONDS).statusCode.value()).isEqualTo(200)
        assertThat(meet("single", 1, """{"a":1}""").let { read(it)["contributions"][0]["a"].asInt() }).isEqualTo(1)
    }
}
