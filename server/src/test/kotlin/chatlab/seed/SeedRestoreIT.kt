package chatlab.seed

import chatlab.IntegrationTest
import chatlab.TestRooms
import chatlab.auth.JwtTokens
import chatlab.message.ChatMessage
import chatlab.message.MessageIdAllocator
import chatlab.message.MessageType
import chatlab.message.Position
import chatlab.message.mongo.MongoMessageStore
import chatlab.message.mysql.MysqlMessageStore
import chatlab.message.redis.CachedMessageStore
import chatlab.message.redis.RoomCache
import chatlab.message.sqlite.SqliteMessageStore
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.resttestclient.TestRestTemplate
import org.springframework.http.HttpEntity
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpMethod
import java.time.Instant
import java.time.temporal.ChronoUnit

/** The lab's restore takes every store back to the seed's messages, and the cache forgets the rooms it touched. */
@IntegrationTest
class SeedRestoreIT(
    @Autowired private val rest: TestRestTemplate,
    @Autowired private val tokens: JwtTokens,
    @Autowired private val ids: MessageIdAllocator,
    @Autowired private val mysql: MysqlMessageStore,
    @Autowired private val mongo: MongoMessageStore,
    @Autowired private val cached: CachedMessageStore,
    @Autowired private val sqlite: List<SqliteMessageStore>,
    @Autowired private val cache: RoomCache,
    @Autowired private val seed: SeedProperties,
) {
    private val room = TestRooms.CACHE_WRITES.first

    private fun restore(token: String) = rest.exchange(
        "/api/v1/lab/seed/restore", HttpMethod.POST, HttpEntity<Unit>(HttpHeaders().apply { setBearerAuth(token) }), Map::class.java,
    )

    @Test
    fun `a restore removes from every store what was sent since the seed, and the cache forgets the rooms it was in`() {
        restore(tokens.mint(1, scope = "lab"))
        val seedIds = cached.findBefore(room, Position.NEWEST, 20).messages.map { it.id }
        (listOf(mysql, cached) + sqlite).forEach { store -> repeat(3) { store.save(message(ids.nextId(), "since the seed, in ${store.kind.key}")) } }
        assertThat(cached.findBefore(room, Position.NEWEST, 20).messages.take(3)).allMatch { it.id > seed.messages }

        val answer = restore(tokens.mint(1, scope = "lab"))

        assertThat(answer.statusCode.value()).isEqualTo(200)
        val body = answer.body!!
        assertThat(body["removed"] as Map<*, *>).isEqualTo(mapOf("mysql" to 3, "mongo" to 3, "sqlite" to 3, "sqlite-tuned" to 3))
        assertThat(body["rooms"] as List<*>).containsExactly(room.toInt())
        val seedSize = seed.messages.toLong()
        assertThat((body["messages"] as Map<*, *>).values.map { (it as Number).toLong() }).containsOnly(seedSize)
        assertThat(listOf(mysql.count(), mongo.count()) + sqlite.map { it.count() }).containsOnly(seedSize)
        assertThat(cache.holdsAll(room)).describedAs("the room left the cache").isFalse()
        assertThat(cached.findBefore(room, Position.NEWEST, 20).messages.map { it.id }).describedAs("the seed's newest page again").isEqualTo(seedIds)
        assertThat(mysql.findBefore(room, Position.NEWEST, 20).messages.map { it.id }).isEqualTo(seedIds)
    }

    @Test
    fun `a restore with nothing sent since the seed removes nothing`() {
        restore(tokens.mint(1, scope = "lab"))
        val again = restore(tokens.mint(1, scope = "lab")).body!!
        assertThat((again["removed"] as Map<*, *>).values).containsOnly(0)
        assertThat(again["rooms"] as List<*>).isEmpty()
    }

    @Test
    fun `only a lab token restores`() {
        assertThat(restore(tokens.mint(1)).statusCode.value()).isEqualTo(403)
    }

    private fun message(id: Long, content: String) =
        ChatMessage(id, room, 1, MessageType.TALK, content, Instant.now().truncatedTo(ChronoUnit.MILLIS), "restore-test-$id")
}
