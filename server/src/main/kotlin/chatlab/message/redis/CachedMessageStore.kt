package chatlab.message.redis

import chatlab.message.CacheOutcome
import chatlab.message.ChatMessage
import chatlab.message.KeysetRead
import chatlab.message.MessageStore
import chatlab.message.OffsetPage
import chatlab.message.Position
import chatlab.message.Removed
import chatlab.message.StoreKind
import chatlab.message.mongo.MongoMessageStore
import chatlab.system.deadline.Deadline
import chatlab.system.error.BadRequestException
import org.springframework.stereotype.Component
import java.time.Instant

/**
 * MongoDB behind the Redis cache: write-through on save, look-aside on read. A read serves what the cache holds
 * completely below the bound, fetches only the remainder from MongoDB and records it, so its pages always equal
 * the MongoDB path's. Any Redis failure falls back to MongoDB.
 */
@Component
class CachedMessageStore(
    private val mongo: MongoMessageStore,
    private val cache: RoomCache,
    private val guard: CacheGuard,
    private val properties: CacheProperties,
    private val outcomes: CacheOutcomes,
) : MessageStore {
    override val kind = StoreKind.MONGO_REDIS

    override fun save(message: ChatMessage): ChatMessage {
        val saved = mongo.save(message)
        guard.attempt(saved.roomId) { cache.write(saved) } ?: guard.markDirty(saved.roomId)
        return saved
    }

    override fun findBefore(roomId: Long, before: Position, size: Int, deadline: Deadline?): KeysetRead {
        val cached = guard.attempt(roomId) { cache.read(roomId, before, size) }
            ?: return answered(CacheOutcome.BYPASS, mongo.findBefore(roomId, before, size, deadline).messages)
        if (cached.complete || cached.messages.size == size) return answered(CacheOutcome.HIT, cached.messages)
        val outcome = if (cached.messages.isEmpty()) CacheOutcome.MISS else CacheOutcome.PARTIAL
        val resume = cached.resume
        val missing = size - cached.messages.size
        val fetch = maxOf(missing, properties.readAhead)
        val rest = mongo.findBefore(roomId, resume, fetch, deadline).messages
        val lo = if (rest.size < fetch) CacheKeys.OLDEST else CacheKeys.encode(rest.last().position)
        guard.attempt(roomId) { cache.fill(roomId, cached.version, lo, resume, rest) }
        return answered(outcome, cached.messages + rest.take(missing))
    }

    private fun answered(outcome: CacheOutcome, messages: List<ChatMessage>): KeysetRead {
        outcomes.record(outcome)
        return KeysetRead(messages, outcome)
    }

    override fun findPage(roomId: Long, page: Int, size: Int, sentBefore: Instant?, deadline: Deadline?): OffsetPage =
        throw BadRequestException("store 'mongo-redis' serves keyset pages only: use lastSentAt or cursor, not page")

    /** Deletes in MongoDB around the cache, so the rooms it touched leave the cache. */
    override fun removeAbove(id: Long): Removed = mongo.removeAbove(id).also { removed -> removed.rooms.forEach { cache.evict(it) } }

    override fun count(): Long = mongo.count()
}
