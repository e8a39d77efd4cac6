package chatlab.message.redis

import org.slf4j.LoggerFactory
import org.springframework.dao.DataAccessException
import org.springframework.stereotype.Component
import java.util.concurrent.atomic.AtomicLong

/**
 * Keeps Redis trouble away from callers: after a failure the cache is bypassed for `retryAfter`, and rooms whose
 * write-through failed, on this instance or another ([MissedWrites]), are evicted before the cache serves them again
 * (they may have missed a message).
 */
@Component
class CacheGuard(private val properties: CacheProperties, private val cache: RoomCache, private val missed: MissedWrites) {
    private val openUntil = AtomicLong(0)

    /** Runs [action] against Redis for [roomId], or returns null when Redis is failing or the room is not trusted. */
    fun <T> attempt(roomId: Long, action: () -> T): T? {
        if (System.currentTimeMillis() < openUntil.get()) return null
        val marked = try {
            missed.isMarked(roomId)
        } catch (e: DataAccessException) {
            return null // cannot tell whether another instance missed a write here: MongoDB answers this time
        }
        return try {
            if (marked) {
                cache.evict(roomId)
                missed.clear(roomId)
                log.info("Evicted room {} from the cache after a missed write-through", roomId)
            }
            action()
        } catch (e: RuntimeException) {
            trip(e)
            null
        }
    }

    /** A write-through that did not happen: the room's cache may lack that message until it is evicted. */
    fun markDirty(roomId: Long) = missed.mark(listOf(roomId))

    /**
     * MongoDB was written around the cache (seeding, a bulk import): forget every cached room. If Redis cannot be
     * reached, [rooms] are marked dirty, so each is evicted before the cache serves it again.
     */
    fun invalidateAll(rooms: Collection<Long>) {
        try {
            log.info("Invalidated the message cache: {} keys removed", cache.evictAll())
        } catch (e: RuntimeException) {
            missed.mark(rooms)
            log.warn("Could not clear the message cache ({}); {} rooms will be evicted before their next cached read", e.toString(), rooms.size)
        }
    }

    private fun trip(e: RuntimeException) {
        val wasClosed = System.currentTimeMillis() >= openUntil.get()
        openUntil.set(System.currentTimeMillis() + properties.retryAfter.toMillis())
        if (wasClosed) log.warn("Redis cache failing, serving from MongoDB for {}: {}", properties.retryAfter, e.toString())
    }

    companion object {
        private val log = LoggerFactory.getLogger(CacheGuard::class.java)
    }
}
