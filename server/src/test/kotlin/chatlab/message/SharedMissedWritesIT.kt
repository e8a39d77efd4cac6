package chatlab.message

import chatlab.IntegrationTest
import chatlab.TestRooms
import chatlab.message.mongo.MongoMessageStore
import chatlab.message.redis.CacheGuard
import chatlab.message.redis.CacheKeys
import chatlab.message.redis.CacheOutcomes
import chatlab.message.redis.CacheProperties
import chatlab.message.redis.CachedMessageStore
import chatlab.message.redis.LocalMissedWrites
import chatlab.message.redis.MissedWrites
import chatlab.message.redis.RoomCache
import chatlab.message.redis.SharedMissedWrites
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.data.redis.core.StringRedisTemplate
import org.springframework.jdbc.core.JdbcTemplate
import java.time.Clock
import java.time.Instant
import java.time.temporal.ChronoUnit

/**
 * Two instances in front of one cache (two guards and cached stores over the same Redis, MongoDB and MySQL): a
 * write-through that instance A missed must keep instance B from serving the page it made incomplete.
 */
@IntegrationTest
class SharedMissedWritesIT(
    @Autowired private val mongo: MongoMessageStore,
    @Autowired private val cache: RoomCache,
    @Autowired private val properties: CacheProperties,
    @Autowired private val outcomes: CacheOutcomes,
    @Autowired private val redis: StringRedisTemplate,
    @Autowired private val jdbc: JdbcTemplate,
    @Autowired private val ids: MessageIdAllocator,
) {
    private val room = TestRooms.CACHE_WRITES.last

    private inner class Instance(marks: MissedWrites) {
        val guard = CacheGuard(properties, cache, marks)
        val store = CachedMessageStore(mongo, cache, guard, properties, outcomes)
    }

    /** A warm cache, then a message instance A stored in MongoDB while its write-through to Redis failed. */
    private fun missedOnA(a: Instance): ChatMessage {
        redis.delete(listOf(CacheKeys.messages(room), CacheKeys.meta(room)))
        Instance(LocalMissedWrites()).store.findBefore(room, Position.NEWEST, 20).messages
        val id = ids.nextId()
        val missed = mongo.save(ChatMessage(id, room, 1, MessageType.TALK, "missed by the cache", Instant.now().truncatedTo(ChronoUnit.MILLIS), "missed-$id"))
        a.guard.markDirty(room) // what CachedMessageStore.save does when the write-through fails
        return missed
    }

    @Test
    fun `with the marks shared in MySQL, the other instance evicts the room and serves what MongoDB holds`() {
        val clock = Clock.systemUTC()
        val a = Instance(SharedMissedWrites(jdbc, clock))
        val b = Instance(SharedMissedWrites(jdbc, clock))
        val missed = missedOnA(a)
        assertThat(b.store.findBefore(room, Position.NEWEST, 20).messages.map { it.id })
            .isEqualTo(mongo.findBefore(room, Position.NEWEST, 20).messages.map { it.id }).contains(missed.id)
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM cache_missed_write WHERE room_id = ?", Int::class.java, room)).describedAs("mark cleared").isZero()
    }

    @Test
    fun `with the marks in one instance's memory, the other instance serves the stale page (why relayed instances share them)`() {
        val a = Instance(LocalMissedWrites())
        val b = Instance(LocalMissedWrites())
        val missed = missedOnA(a)
        assertThat(b.store.findBefore(room, Position.NEWEST, 20).messages.map { it.id }).doesNotContain(missed.id)
        assertThat(a.store.findBefore(room, Position.NEWEST, 20).messages.map { it.id }).describedAs("instance A evicts its own mark").contains(missed.id)
    }
}
