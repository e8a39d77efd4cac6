package chatlab.counter

import chatlab.room.RoomService
import org.springframework.stereotype.Service
import java.util.concurrent.ConcurrentHashMap

/**
 * The counters experiment: counts a room's views in the chosen store and mode. A write SQLite refused because the
 * file stayed locked past its busy timeout is a 503 naming `SQLITE_BUSY` (the SQLite adapter says so); nothing is
 * counted twice or silently lost.
 */
@Service
class ViewService(counters: List<ViewCounter>, private val rooms: RoomService) {
    private val byStore = counters.associateBy { it.store }

    /** Rooms seen to exist; rooms are never deleted, so a room is looked up in MySQL once, not on every SQLite view. */
    private val knownRooms = ConcurrentHashMap.newKeySet<Long>()

    fun record(roomId: Long, store: ViewStore, mode: CounterMode) {
        requireRoom(roomId)
        counter(store).record(roomId, mode)
    }

    fun count(roomId: Long, store: ViewStore, mode: CounterMode): ViewCount {
        requireRoom(roomId)
        val views = counter(store).count(roomId, mode)
        return ViewCount(roomId, store.key, mode.key, views)
    }

    /** Every store's and mode's count of the room, after forgetting them all (the lab's reset). */
    fun reset(roomId: Long): List<ViewCount> {
        requireRoom(roomId)
        byStore.values.forEach { it.reset(roomId) }
        return ViewStore.entries.flatMap { store -> CounterMode.entries.map { count(roomId, store, it) } }
    }

    private fun counter(store: ViewStore) = byStore[store] ?: error("no view counter for ${store.key}")

    private fun requireRoom(roomId: Long) {
        if (roomId !in knownRooms) {
            rooms.room(roomId) // 404 for an unknown room
            knownRooms += roomId
        }
    }
}
