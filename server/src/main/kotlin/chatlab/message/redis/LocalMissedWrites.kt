package chatlab.message.redis

import java.util.concurrent.ConcurrentHashMap

/** With Spring's simple broker there is one instance, so its memory is where every read sees the marks. */
class LocalMissedWrites : MissedWrites {
    private val rooms = ConcurrentHashMap.newKeySet<Long>()

    override fun mark(rooms: Collection<Long>) {
        this.rooms += rooms
    }

    override fun isMarked(roomId: Long) = roomId in rooms

    override fun clear(roomId: Long) {
        rooms -= roomId
    }
}
