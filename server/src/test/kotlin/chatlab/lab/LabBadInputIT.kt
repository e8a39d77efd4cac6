package chatlab.lab

import chatlab.IntegrationTest
import chatlab.auth.JwtTokens
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.SoftAssertions
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.resttestclient.TestRestTemplate
import org.springframework.http.HttpEntity
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpMethod
import tools.jackson.databind.ObjectMapper

/** Every lab parameter, given nonsense, answers a 4xx with a JSON body that says what is wrong: never a 500. */
@IntegrationTest
class LabBadInputIT(@Autowired private val rest: TestRestTemplate, @Autowired private val tokens: JwtTokens) {

    private fun call(method: HttpMethod, path: String) =
        rest.exchange(path, method, HttpEntity<Unit>(HttpHeaders().apply { setBearerAuth(tokens.mint(1, scope = "lab")) }), String::class.java)

    private fun message(body: String?) = body?.let { ObjectMapper().readTree(it).path("message").asString() }

    private val hostile = listOf("-5", "0", "-1", "99999999999999999999", "2147483648", "abc", "1.5", "%20", "NaN")

    @Test
    fun `every lab parameter given a negative, zero, huge or non-numeric value is a 4xx with a message`() {
        val seatRoom = "2000000"
        call(HttpMethod.PUT, "/api/v1/lab/seats/rooms/$seatRoom?seats=3&users=10")
        val calls = hostile.flatMap { v ->
            listOf(
                HttpMethod.GET to "/api/v1/lab/seats/rooms/$seatRoom/audit?entrants=$v",
                HttpMethod.GET to "/api/v1/lab/seats/rooms/$v/audit",
                HttpMethod.GET to "/api/v1/lab/seats/rooms/$v/audit?entrants=5",
                HttpMethod.PUT to "/api/v1/lab/seats/rooms/$v?seats=3",
                HttpMethod.PUT to "/api/v1/lab/seats/rooms/$seatRoom?seats=$v",
                HttpMethod.PUT to "/api/v1/lab/seats/rooms/$seatRoom?seats=3&users=$v",
                HttpMethod.PUT to "/api/v1/lab/counters/rooms/$v",
                HttpMethod.PUT to "/api/v1/lab/pools/mysql?size=$v",
                HttpMethod.PUT to "/api/v1/lab/pools/sqlite?size=$v",
                HttpMethod.PUT to "/api/v1/lab/pools/$v?size=4",
                HttpMethod.GET to "/api/v1/lab/pools/$v",
                HttpMethod.DELETE to "/api/v1/lab/pools/$v",
                HttpMethod.PUT to "/api/v1/lab/cache/rooms?from=8&to=$v",
                HttpMethod.PUT to "/api/v1/lab/cache/rooms?from=$v&to=3000000",
                HttpMethod.GET to "/api/v1/lab/durability/fsync?writes=$v",
            )
        }
        val soft = SoftAssertions()
        var refused = 0
        for ((method, path) in calls) {
            val response = call(method, path)
            if (response.statusCode.is2xxSuccessful) continue // a value valid here: 2147483648 is an event room id
            refused++
            soft.assertThat(response.statusCode.value()).describedAs("$method $path").isBetween(400, 499)
            soft.assertThat(message(response.body)).describedAs("$method $path says why").isNotBlank()
        }
        soft.assertAll()
        assertThat(calls).hasSizeGreaterThan(90)
        assertThat(refused).describedAs("nonsense refused").isGreaterThan(calls.size - 5)
    }

    @Test
    fun `a seat audit of an event room never reset is a 404, and negative entrants a 400`() {
        val unknown = call(HttpMethod.GET, "/api/v1/lab/seats/rooms/3999999/audit")
        assertThat(unknown.statusCode.value()).isEqualTo(404)
        assertThat(message(unknown.body)).contains("reset it first")
        call(HttpMethod.PUT, "/api/v1/lab/seats/rooms/2000001?seats=3&users=10")
        val negative = call(HttpMethod.GET, "/api/v1/lab/seats/rooms/2000001/audit?entrants=-5")
        assertThat(negative.statusCode.value()).isEqualTo(400)
        assertThat(message(negative.body)).contains("entrants")
        assertThat(call(HttpMethod.GET, "/api/v1/lab/seats/rooms/2000001/audit?entrants=0").statusCode.value()).isEqualTo(200)
    }
}
