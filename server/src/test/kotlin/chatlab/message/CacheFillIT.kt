package chatlab.message

import chatlab.IntegrationTest
import chatlab.TestRooms
import chatlab.auth.JwtTokens
import chatlab.message.mongo.MongoMessageStore
import chatlab.message.redis.CacheFiller
import chatlab.message.redis.CacheGuard
import chatlab.message.redis.CacheKeys
import chatlab.message.redis.CacheProperties
import chatlab.message.redis.CachedMessageStore
import chatlab.message.redis.RoomCache
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.resttestclient.TestRestTemplate
import org.springframework.data.redis.core.StringRedisTemplate
import org.springframework.http.HttpEntity
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpMethod
import tools.jackson.databind.ObjectMapper
import kotlin.random.Random

/** The warm ladder's cache: filled rooms answer every page from Redis, equal to MongoDB's; emptied, they miss again. */
@IntegrationTest
class CacheFillIT(
    @Autowired private val cached: CachedMessageStore,
    @Autowired private val mongo: MongoMessageStore,
    @Autowired private val cache: RoomCache,
    @Autowired private val guard: CacheGuard,
    @Autowired private val redis: StringRedisTemplate,
    @Autowired private val json: ObjectMapper,
    @Autowired private val rest: TestRestTemplate,
    @Autowired private val tokens: JwtTokens,
) {
    private val room = TestRooms.CACHE_WRITES.last
    private val random = Random(23)

    @AfterEach
    fun coldCache() {
        redis.delete(listOf(CacheKeys.messages(room), CacheKeys.meta(room)))
    }

    private fun history(): List<ChatMessage> = mongo.findBefore(room, Position.NEWEST, 100_000).messages

    private fun call(method: HttpMethod, path: String, scope: String? = "lab") =
        rest.exchange(path, method, HttpEntity<Unit>(HttpHeaders().apply { setBearerAuth(tokens.mint(1, scope = scope)) }), Map::class.java)

    private fun assertHit(before: Position, size: Int) {
        val read = cached.findBefore(room, before, size)
        assertThat(read.cache).describedAs("page of %d before %s", size, before).isEqualTo(CacheOutcome.HIT)
        assertThat(read.messages.map { it.id }).isEqualTo(mongo.findBefore(room, before, size).messages.map { it.id })
    }

    @Test
    fun `a room filled in chunks is held whole, and every page of it is a hit equal to MongoDB's`() {
        val all = history()
        // The server's bound (150) is below this room's history; a filler with a larger one holds it whole, 64 a call.
        val large = CacheProperties(maxPerRoom = 5_000)
        val filler = CacheFiller(mongo, RoomCache(redis, json, large), guard, large, chunk = 64)
        val fill = filler.fill(room..room)
        assertThat(all.size).isGreaterThan(3 * 64)
        assertThat(fill.filled).isEqualTo(1)
        assertThat(fill.messages).isEqualTo(all.size.toLong())
        assertThat(fill.newestOnly).isEmpty()
        assertThat(cache.holdsAll(room)).isTrue()
        assertThat(redis.opsForZSet().zCard(CacheKeys.messages(room))).isEqualTo(all.size.toLong())
        assertHit(Position.NEWEST, 20)
        repeat(40) { assertHit(all.random(random).position, random.nextInt(1, 60)) }
        assertHit(all.last().position, 20) // below the oldest: an empty page, still from Redis
        assertThat(filler.fill(room..room).alreadyHeld).describedAs("a room held whole is not filled again").isEqualTo(1)
    }

    @Test
    fun `a lab token fills rooms over HTTP, a room longer than the bound keeps its newest, and emptying the cache makes it miss`() {
        val all = history()
        val filled = call(HttpMethod.PUT, "/api/v1/lab/cache/rooms?from=$room&to=$room")
        assertThat(filled.statusCode.value()).isEqualTo(200)
        assertThat(filled.body!!["filled"]).isEqualTo(1)
        assertThat(filled.body!!["messages"]).isEqualTo(150)
        assertThat(filled.body!!["newestOnly"]).isEqualTo(listOf(room.toInt()))
        assertThat(filled.body!!["notFilled"]).isEqualTo(emptyList<Any>())
        assertHit(Position.NEWEST, 20)
        assertHit(all[100].position, 40)
        val deep = cached.findBefore(room, all[200].position, 20)
        assertThat(deep.cache).describedAs("older than the newest 150").isNotEqualTo(CacheOutcome.HIT)
        assertThat(deep.messages.map { it.id }).isEqualTo(mongo.findBefore(room, all[200].position, 20).messages.map { it.id })

        val emptied = call(HttpMethod.DELETE, "/api/v1/lab/cache")
        assertThat(emptied.statusCode.value()).isEqualTo(200)
        assertThat((emptied.body!!["keysRemoved"] as Number).toLong()).isGreaterThanOrEqualTo(2)
        assertThat(redis.hasKey(CacheKeys.messages(room))).isFalse()
        assertThat(cached.findBefore(room, Position.NEWEST, 20).cache).isEqualTo(CacheOutcome.MISS)
    }

    @Test
    fun `rooms without messages are held whole and empty, and only a lab token may fill or empty the cache`() {
        val empty = 900_001L
        val filled = call(HttpMethod.PUT, "/api/v1/lab/cache/rooms?from=$empty&to=${empty + 1}")
        assertThat(filled.body!!["filled"]).isEqualTo(2)
        assertThat(filled.body!!["messages"]).isEqualTo(0)
        assertThat(cache.holdsAll(empty)).isTrue()
        assertThat(cached.findBefore(empty, Position.NEWEST, 20)).isEqualTo(KeysetRead(emptyList(), CacheOutcome.HIT))
        redis.delete((empty..empty + 1).flatMap { listOf(CacheKeys.messages(it), CacheKeys.meta(it)) })
        assertThat(call(HttpMethod.PUT, "/api/v1/lab/cache/rooms?from=$room&to=$room", scope = null).statusCode.value()).isEqualTo(403)
        assertThat(call(HttpMethod.DELETE, "/api/v1/lab/cache", scope = "read").statusCode.value()).isEqualTo(403)
        assertThat(redis.hasKey(CacheKeys.messages(room))).isFalse()
    }
}
