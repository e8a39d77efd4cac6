package chatlab.message.redis

/**
 * Rooms whose write-through to the cache failed: the cache may lack a message of theirs, so each is evicted before
 * the cache serves it again. Every instance that reads through the cache must see every mark.
 */
interface MissedWrites {
    fun mark(rooms: Collection<Long>)

    fun isMarked(roomId: Long): Boolean

    fun clear(roomId: Long)
}
