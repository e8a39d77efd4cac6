package chatlab.room

import chatlab.IntegrationTest
import chatlab.TestRooms
import chatlab.auth.JwtTokens
import chatlab.message.CacheOutcome
import chatlab.message.redis.RoomCache
import io.micrometer.core.instrument.MeterRegistry
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.resttestclient.TestRestTemplate
import org.springframework.http.HttpEntity
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpMethod
import org.springframework.http.ResponseEntity
import java.time.Duration
import java.time.Instant

@IntegrationTest
class ChatApiIT(
    @Autowired private val rest: TestRestTemplate,
    @Autowired private val tokens: JwtTokens,
    @Autowired private val cache: RoomCache,
    @Autowired private val meters: MeterRegistry,
) {

    private fun call(method: HttpMethod, path: String, token: String?): ResponseEntity<Map<*, *>> {
        val headers = HttpHeaders().apply { if (token != null) setBearerAuth(token) }
        return rest.exchange("/api/v1/chat-rooms$path", method, HttpEntity<Unit>(headers), Map::class.java)
    }

    private fun get(path: String, user: Long = 50) = call(HttpMethod.GET, path, tokens.mint(user))

    @Test
    fun `entering a group room joins it and returns the room with its latest 20 messages`() {
        val response = call(HttpMethod.POST, "/2/enter?store=mysql", tokens.mint(57))
        assertThat(response.statusCode.value()).isEqualTo(200)
        val room = response.body!!["room"] as Map<*, *>
        assertThat(room["id"]).isEqualTo(2)
        val page = response.body!!["messages"] as Map<*, *>
        assertThat(page["messages"] as List<*>).hasSize(20)
        assertThat(page["nextCursor"]).isNotNull()
        assertThat(get("/2/messages?store=mongo", 57).statusCode.value()).isEqualTo(200)
    }

    @Test
    fun `a full one-to-one room cannot be entered`() {
        val response = call(HttpMethod.POST, "/${TestRooms.STOMP_ROOM}/enter", tokens.mint(40))
        assertThat(response.statusCode.value()).isEqualTo(409)
        assertThat(response.body!!["message"].toString()).contains("full")
    }

    @Test
    fun `bad parameters are 400 with a JSON body that says what is wrong`() {
        call(HttpMethod.POST, "/1/enter", tokens.mint(50))
        mapOf(
            "/1/messages?store=oracle" to "unknown store",
            "/1/messages?store=mongo-redis&page=0" to "keyset pages only",
            "/1/messages?size=0" to "size must be between 1 and 100",
            "/1/messages?size=101" to "size must be between 1 and 100",
            "/1/messages?size=-1" to "size must be between 1 and 100",
            "/1/messages?size=abc" to "'size'",
            "/1/messages?size=99999999999" to "'size'",
            "/1/messages?page=first" to "'page'",
            "/abc/messages" to "'roomId'",
            "/99999999999999999999/messages" to "'roomId'",
            "/1/messages?lastSentAt=yesterday" to "ISO-8601",
            "/1/messages?lastSentAt=2999-01-01T00:00:00Z" to "in the future",
            "/1/messages?lastSentAt=-999999999-01-01T00:00:00Z" to "before 1970",
            "/1/messages?lastSentAt=1000-01-01T00:00:00" to "before 1970",
            "/1/messages?store=mongo-redis&lastSentAt=1969-12-31T23:59:59.999Z" to "before 1970",
            "/1/messages?cursor=forged" to "invalid cursor",
            "/1/messages?page=1&cursor=x" to "cannot be combined",
        ).forEach { (path, reason) ->
            val response = get(path)
            assertThat(response.statusCode.value()).describedAs(path).isEqualTo(400)
            assertThat(response.body!!["status"]).isEqualTo(400)
            assertThat(response.body!!["message"].toString()).describedAs(path).contains(reason)
        }
    }

    @Test
    fun `a lastSentAt without an offset, as the public plan's script prints it, is read as UTC`() {
        call(HttpMethod.POST, "/1/enter", tokens.mint(50))
        listOf("mysql", "mongo", "mongo-redis").forEach { store ->
            val local = get("/1/messages?store=$store&lastSentAt=2025-02-01T10:00:00.000")
            val utc = get("/1/messages?store=$store&lastSentAt=2025-02-01T10:00:00Z")
            assertThat(local.statusCode.value()).describedAs(store).isEqualTo(200)
            assertThat(local.body!!["messages"]).describedAs(store).isEqualTo(utc.body!!["messages"]).isNotEqualTo(emptyList<Any>())
        }
    }

    @Test
    fun `a cursor from another room is refused`() {
        call(HttpMethod.POST, "/1/enter", tokens.mint(50))
        call(HttpMethod.POST, "/3/enter", tokens.mint(50))
        val cursor = (get("/1/messages?store=mysql").body!!["nextCursor"]).toString()
        val response = get("/3/messages?store=mysql&cursor=$cursor")
        assertThat(response.statusCode.value()).isEqualTo(400)
        assertThat(response.body!!["message"].toString()).contains("another room")
    }

    @Test
    fun `no token, a bad token or an expired token is 401, a non-member 403, an unknown room 404`() {
        assertThat(call(HttpMethod.GET, "/1/messages", null).statusCode.value()).isEqualTo(401)
        assertThat(call(HttpMethod.GET, "/1/messages", "not.a.token").statusCode.value()).isEqualTo(401)
        val wronglySigned = call(HttpMethod.GET, "/1/messages", tokens.mint(50).dropLast(4) + "AAAA")
        assertThat(wronglySigned.statusCode.value()).isEqualTo(401)
        assertThat(wronglySigned.body!!["status"]).isEqualTo(401)
        val expired = call(HttpMethod.GET, "/1/messages", tokens.mint(50, Duration.ofMinutes(10), Instant.now().minus(Duration.ofHours(1))))
        assertThat(expired.statusCode.value()).isEqualTo(401)
        assertThat(expired.body!!["message"].toString()).contains("expired")
        val stranger = get("/${TestRooms.OTHER_STOMP_ROOM}/messages", 1)
        assertThat(stranger.statusCode.value()).isEqualTo(403)
        assertThat(stranger.body!!["error"]).isEqualTo("Forbidden")
        assertThat(get("/999/messages").statusCode.value()).isEqualTo(404)
    }

    @Test
    fun `the cached path tells in a header and a metric whether Redis answered`() {
        call(HttpMethod.POST, "/5/enter?store=mysql", tokens.mint(50))
        cache.evict(5)
        fun hits() = meters.counter("chatlab.cache.reads", "outcome", "hit").count()
        val path = "/5/messages?store=mongo-redis&lastSentAt=2025-02-01T00:00:00Z"
        val before = hits()
        val cold = get(path)
        val warm = get(path)
        assertThat(cold.headers.getFirst(CacheOutcome.HEADER)).isEqualTo("miss")
        assertThat(warm.headers.getFirst(CacheOutcome.HEADER)).isEqualTo("hit")
        assertThat(warm.body!!["messages"]).isEqualTo(cold.body!!["messages"])
        assertThat(hits()).isEqualTo(before + 1)
        assertThat(get("/5/messages?store=mongo&lastSentAt=2025-02-01T00:00:00Z").headers.containsHeader(CacheOutcome.HEADER)).isFalse()
    }
}
