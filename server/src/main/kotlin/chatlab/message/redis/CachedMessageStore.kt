package chatlab.message.redis

import chatlab.message.ChatMessage
import chatlab.message.MessageStore
import chatlab.message.OffsetPage
import chatlab.message.Position
import chatlab.message.StoreKind
import chatlab.message.mongo.MongoMessageStore
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

    override fun findBefore(roomId: Long, before: Position, size: Int): List<ChatMessage> {
        val cached = guard.attempt(roomId) { cache.read(roomId, before, size) }
        if (cached == null) {
            outcomes.record(CacheOutcome.BYPASS)
            return mongo.findBefore(roomId, before, size)
        }
        if (cached.complete || cached.messages.size == size) {
            outcomes.record(CacheOutcome.HIT)
            return cached.messages
        }
        outcomes.record(if (cached.messages.isEmpty()) CacheOutcome.MISS else CacheOutcome.PARTIAL)
        val resume = cached.resume
        val missing = size - cached.messages.size
        val fetch = maxOf(missing, properties.readAhead)
        val rest = mongo.findBefore(roomId, resume, fetch)
        val lo = if (rest.size < fetch) CacheKeys.OLDEST else CacheKeys.encode(rest.last().position)
        guard.attempt(roomId) { cache.fill(roomId, cached.version, lo, resume, rest) }
        return cached.messages + rest.take(missing)
    }

    override fun findPage(roomId: Long, page: Int, size: Int, sentBefore: Instant?): OffsetPage =
        throw BadRequestException("store 'mongo-redis' serves keyset pages only: use lastSentAt or cursor, not page")
}
