package chatlab.message

import chatlab.IntegrationTest
import chatlab.TestRooms
import chatlab.message.mongo.MongoMessageStore
import chatlab.message.mongo.MessageDocument
import chatlab.message.redis.CacheGuard
import chatlab.message.redis.CacheKeys
import chatlab.message.redis.CachedMessageStore
import org.assertj.core.api.Assertions.assertThat
import org.awaitility.kotlin.await
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.context.ApplicationContext
import org.springframework.data.mongodb.core.MongoTemplate
import org.springframework.data.mongodb.core.query.Criteria
import org.springframework.data.mongodb.core.query.Query
import org.springframework.data.redis.core.RedisCallback
import org.springframework.data.redis.core.StringRedisTemplate
import java.time.Duration
import java.time.Instant
import java.time.temporal.ChronoUnit
import java.util.concurrent.Callable
import java.util.concurrent.Executors
import kotlin.random.Random

/** The cached path must return exactly what MongoDB returns, whatever the cache holds. */
@IntegrationTest
class CachedMessageStoreIT(
    @Autowired private val cached: CachedMessageStore,
    @Autowired private val mongo: MongoMessageStore,
    @Autowired private val redis: StringRedisTemplate,
    @Autowired private val ids: MessageIdAllocator,
    @Autowired private val context: ApplicationContext,
    @Autowired private val guard: CacheGuard,
    @Autowired private val mongoTemplate: MongoTemplate,
) {
    private val room = TestRooms.CACHE_WRITES.first
    private val random = Random(11)

    @BeforeEach
    fun coldCache() {
        redis.delete(listOf(CacheKeys.messages(room), CacheKeys.meta(room)))
    }

    private fun assertSamePage(before: Position, size: Int) {
        assertThat(cached.findBefore(room, before, size).messages.map { it.id })
            .describedAs("page of %d before %s", size, before).isEqualTo(mongo.findBefore(room, before, size).messages.map { it.id })
    }

    /** The room's ids, newest first, read [size] at a time: all of them, or the first [limit]. */
    private fun chain(store: MessageStore, size: Int, limit: Int = Int.MAX_VALUE): List<Long> {
        val ids = mutableListOf<Long>()
        var before = Position.NEWEST
        while (true) {
            val page = store.findBefore(room, before, size).messages
            ids += page.map { it.id }
            if (page.size < size || ids.size >= limit) return ids.take(limit)
            before = page.last().position
        }
    }

    private fun randomPosition(): Position = mongo.findBefore(room, Position.NEWEST, 400).messages.random(random).position

    private fun send(content: String, sentAt: Instant = Instant.now().truncatedTo(ChronoUnit.MILLIS)) =
        cached.save(ChatMessage(ids.nextId(), room, 1, MessageType.TALK, content, sentAt, "cache-it-${ids.nextId()}"))

    @Test
    fun `cold and warm reads equal MongoDB, and the warm one is held by the cache`() {
        assertSamePage(Position.NEWEST, 20)
        assertThat(redis.opsForZSet().zCard(CacheKeys.messages(room))).isGreaterThanOrEqualTo(20)
        assertSamePage(Position.NEWEST, 20)
    }

    @Test
    fun `two disjoint cached ranges never produce a gap`() {
        val deep = randomPosition()
        assertSamePage(deep, 10)
        assertSamePage(Position.NEWEST, 10)
        assertThat(chain(cached, 13)).isEqualTo(chain(mongo, 13))
        repeat(50) { assertSamePage(randomPosition(), random.nextInt(1, 40)) }
    }

    @Test
    fun `after expiry or partial eviction the cache is rebuilt, not trusted`() {
        assertThat(chain(cached, 25)).isEqualTo(chain(mongo, 25))
        redis.delete(CacheKeys.messages(room)) // the set expired or was evicted, its meta survived
        repeat(20) { assertSamePage(randomPosition(), 20) }
        redis.delete(CacheKeys.meta(room)) // the meta went, the set survived
        repeat(20) { assertSamePage(randomPosition(), 20) }
        redis.opsForZSet().removeRange(CacheKeys.messages(room), 0, 5) // members lost behind the meta's back
        repeat(20) { assertSamePage(randomPosition(), 20) }
    }

    @Test
    fun `a room longer than the per-room bound is trimmed and still read correctly`() {
        assertThat(chain(cached, 40)).isEqualTo(chain(mongo, 40))
        assertThat(redis.opsForZSet().zCard(CacheKeys.messages(room))).isLessThanOrEqualTo(150)
        repeat(50) { assertSamePage(randomPosition(), random.nextInt(1, 60)) }
    }

    @Test
    fun `messages sharing one millisecond page correctly one by one`() {
        assertSamePage(Position.NEWEST, 5) // warm the top, so the writes go into the cache
        val sameMillis = Instant.now().truncatedTo(ChronoUnit.MILLIS)
        repeat(5) { send("tie $it", sameMillis) }
        assertThat(chain(cached, 1, limit = 12)).isEqualTo(chain(mongo, 1, limit = 12))
        assertThat(chain(cached, 2)).isEqualTo(chain(mongo, 2))
    }

    @Test
    fun `writes between pages are visible on top and do not disturb the next page`() {
        val first = cached.findBefore(room, Position.NEWEST, 10).messages
        repeat(3) { send("between pages $it") }
        assertSamePage(first.last().position, 10)
        assertSamePage(Position.NEWEST, 10)
        assertThat(cached.findBefore(room, Position.NEWEST, 3).messages.map { it.content }).containsExactly("between pages 2", "between pages 1", "between pages 0")
    }

    @Test
    fun `concurrent writers and readers leave a cache equal to MongoDB`() {
        val pool = Executors.newFixedThreadPool(6)
        try {
            val writers = (1..4).map { w -> Callable { repeat(25) { send("writer $w message $it") } } }
            val readers = (1..2).map { Callable { repeat(40) { cached.findBefore(room, Position.NEWEST, 15).messages } } }
            pool.invokeAll(writers + readers).forEach { it.get() }
        } finally {
            pool.shutdown()
        }
        assertThat(chain(cached, 17)).isEqualTo(chain(mongo, 17))
    }

    /** What a reseed does: MongoDB changes behind the cache's back (here a cached message disappears). */
    private fun removeAroundTheCache(message: ChatMessage) {
        mongoTemplate.remove(Query(Criteria.where("_id").`is`(message.id)), MessageDocument.COLLECTION)
    }

    /**
     * The embedded Redis, from the stack's bean `chatlabEmbeddedStack` (the `stack` module, on the class path of the
     * integration tests only): its `stop` is an outage, its `start` a restart, empty, on the same port.
     */
    private fun redisServer(): Outage {
        val stack = context.getBean("chatlabEmbeddedStack")
        val redis = (stack.javaClass.getMethod("getServices").invoke(stack) as List<*>).single { it!!.javaClass.simpleName == "EmbeddedRedis" }!!
        return object : Outage {
            override fun stop() { redis.javaClass.getMethod("stop").invoke(redis) }
            override fun start() { redis.javaClass.getMethod("start").invoke(redis) }
        }
    }

    private interface Outage {
        fun stop()
        fun start()
    }

    @Test
    fun `after MongoDB is written around the cache, invalidating every room leaves nothing stale`() {
        val gone = send("removed around the cache")
        assertThat(cached.findBefore(room, Position.NEWEST, 1).messages.single().id).isEqualTo(gone.id)
        removeAroundTheCache(gone)
        assertThat(cached.findBefore(room, Position.NEWEST, 1).messages.single().id).describedAs("stale before invalidation").isEqualTo(gone.id)
        guard.invalidateAll(listOf(room))
        assertThat(redis.hasKey(CacheKeys.messages(room))).isFalse()
        assertThat(chain(cached, 20)).isEqualTo(chain(mongo, 20)).doesNotContain(gone.id)
    }

    @Test
    fun `an invalidation Redis cannot take marks the rooms, which are evicted before the cache serves them again`() {
        val gone = send("removed while Redis is paused")
        assertThat(cached.findBefore(room, Position.NEWEST, 1).messages.single().id).isEqualTo(gone.id)
        removeAroundTheCache(gone)
        // Redis keeps its data but answers nothing for 2.5 s: the invalidation times out (1 s client timeout).
        redis.execute(RedisCallback { it.execute("CLIENT", "PAUSE".toByteArray(), "2500".toByteArray()) })
        guard.invalidateAll(listOf(room))
        await.atMost(Duration.ofSeconds(10)).ignoreExceptions().until { redis.hasKey(CacheKeys.messages(room)) }
        assertThat(redis.opsForZSet().zCard(CacheKeys.messages(room))).describedAs("the stale set is still in Redis").isGreaterThan(0)
        assertThat(cached.findBefore(room, Position.NEWEST, 20).messages.map { it.id }).doesNotContain(gone.id)
        assertThat(chain(cached, 20)).isEqualTo(chain(mongo, 20))
    }

    @Test
    fun `with Redis stopped reads and writes go to MongoDB, and after a restart nothing is stale`() {
        val redisServer = redisServer()
        assertSamePage(Position.NEWEST, 20)
        redisServer.stop()
        try {
            val written = send("while Redis was down")
            assertThat(cached.findBefore(room, Position.NEWEST, 1).messages.single().id).isEqualTo(written.id)
            assertSamePage(Position.NEWEST, 20)
        } finally {
            redisServer.start()
        }
        assertThat(chain(cached, 20)).isEqualTo(chain(mongo, 20))
        // Recovery needs no restart of the server: once Lettuce has reconnected, reads fill the cache again.
        await.atMost(Duration.ofSeconds(15)).until {
            cached.findBefore(room, Position.NEWEST, 20).messages
            (redis.opsForZSet().zCard(CacheKeys.messages(room)) ?: 0) >= 20
        }
        val after = send("after the restart")
        assertThat(cached.findBefore(room, Position.NEWEST, 2).messages.map { it.content }).containsExactly(after.content, "while Redis was down")
    }
}
