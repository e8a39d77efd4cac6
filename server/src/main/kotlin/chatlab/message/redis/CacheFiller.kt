package chatlab.message.redis

import chatlab.message.ChatMessage
import chatlab.message.Position
import chatlab.message.mongo.MongoMessageStore
import org.springframework.stereotype.Component

/**
 * Puts rooms' whole histories into the cache, as the history experiment's warm ladder needs: every page it asks for is
 * then a hit, and what it measures is Redis. A room the cache already holds whole is left as it is; a room larger than
 * `maxPerRoom` gets its newest `maxPerRoom` messages (older pages still go to MongoDB).
 */
@Component
class CacheFiller(
    private val mongo: MongoMessageStore,
    private val cache: RoomCache,
    private val guard: CacheGuard,
    private val properties: CacheProperties,
    /** Messages a script call: Redis runs one script at a time, so a call stays short beside the readers' (tests vary it). */
    private val chunk: Int = 500,
) {
    fun fill(rooms: LongRange): CacheFill {
        val started = System.nanoTime()
        var filled = 0
        var alreadyHeld = 0
        var messages = 0L
        val newestOnly = mutableListOf<Long>()
        val notFilled = mutableListOf<Long>()
        for (roomId in rooms) {
            if (guard.attempt(roomId) { cache.holdsAll(roomId) } == true) {
                alreadyHeld++
                continue
            }
            val newest = mongo.findBefore(roomId, Position.NEWEST, properties.maxPerRoom, null).messages
            val whole = newest.size < properties.maxPerRoom
            val done = guard.attempt(roomId) {
                cache.evict(roomId)
                fillInChunks(roomId, newest, whole)
            }
            if (done == true) {
                filled++
                messages += newest.size
                if (!whole) newestOnly += roomId
            } else {
                notFilled += roomId
            }
        }
        return CacheFill(rooms.count(), filled, alreadyHeld, messages, newestOnly, notFilled, (System.nanoTime() - started) / 1_000_000)
    }

    /**
     * Fills the emptied room newest first, [chunk] messages a script call, each call recording the interval its messages
     * cover completely, so the intervals join into one; false when a write came in between (the room is then not filled).
     */
    private fun fillInChunks(roomId: Long, newestFirst: List<ChatMessage>, whole: Boolean): Boolean {
        if (newestFirst.isEmpty()) return cache.fill(roomId, FRESH, CacheKeys.OLDEST, Position.NEWEST, emptyList())
        val chunks = newestFirst.chunked(chunk)
        var hi = Position.NEWEST
        return chunks.withIndex().all { (i, chunk) ->
            val lo = if (i == chunks.lastIndex && whole) CacheKeys.OLDEST else CacheKeys.encode(chunk.last().position)
            cache.fill(roomId, FRESH, lo, hi, chunk).also { hi = chunk.last().position }
        }
    }

    companion object {
        /** An emptied room's version: any write since bumps it, and the fill is discarded. */
        private const val FRESH = "0"
    }
}

/** What [CacheFiller.fill] did: rooms asked for, filled now, already held whole, messages put in, and the exceptions. */
data class CacheFill(
    val rooms: Int,
    val filled: Int,
    val alreadyHeld: Int,
    val messages: Long,
    /** Rooms with more than `maxPerRoom` messages: only their newest are held. */
    val newestOnly: List<Long>,
    /** Rooms not filled: Redis failed, or a message was written while they were filled. */
    val notFilled: List<Long>,
    val millis: Long,
)
