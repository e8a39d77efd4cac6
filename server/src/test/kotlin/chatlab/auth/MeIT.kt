package chatlab.auth

import chatlab.IntegrationTest
import io.micrometer.core.instrument.MeterRegistry
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.resttestclient.TestRestTemplate
import org.springframework.http.HttpEntity
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpMethod

@IntegrationTest
class MeIT(
    @Autowired private val rest: TestRestTemplate,
    @Autowired private val tokens: JwtTokens,
    @Autowired private val meters: MeterRegistry,
) {

    private fun me(token: String?) =
        rest.exchange("/api/v1/me", HttpMethod.GET, HttpEntity<Unit>(HttpHeaders().apply { if (token != null) setBearerAuth(token) }), Map::class.java)

    @Test
    fun `who am i answers the token's user, and needs a valid token`() {
        val answer = me(tokens.mint(42))
        assertThat(answer.statusCode.value()).isEqualTo(200)
        assertThat(answer.body!!["userId"]).isEqualTo(42)
        assertThat(me(tokens.mint(7)).body!!["userId"]).isEqualTo(7)
        assertThat(me(null).statusCode.value()).isEqualTo(401)
        assertThat(me("not.a.token").statusCode.value()).isEqualTo(401)
    }

    @Test
    fun `requests are observed, but not each security filter, authentication and authorization they pass`() {
        assertThat(me(tokens.mint(3)).statusCode.value()).isEqualTo(200)
        assertThat(me(null).statusCode.value()).isEqualTo(401)
        assertThat(meters.find("http.server.requests").timers()).describedAs("requests are still measured").isNotEmpty()
        assertThat(meters.meters.map { it.id.name }.filter { it.startsWith("spring.security") }).isEmpty()
    }
}
