package chatlab.counter

import chatlab.room.RoomService
import chatlab.system.error.BusyException
import org.slf4j.LoggerFactory
import org.springframework.dao.DataAccessException
import org.springframework.stereotype.Service
import org.sqlite.SQLiteErrorCode
import org.sqlite.SQLiteException
import java.util.concurrent.ConcurrentHashMap

/**
 * The counters experiment: counts a room's views in the chosen store and mode. A write SQLite refused because the
 * file stayed locked past its busy timeout is a 503 naming `SQLITE_BUSY`; nothing is counted twice or silently lost.
 */
@Service
class ViewService(counters: List<ViewCounter>, private val rooms: RoomService) {
    private val byStore = counters.associateBy { it.store }

    /** Rooms seen to exist; rooms are never deleted, so a room is looked up in MySQL once, not on every SQLite view. */
    private val knownRooms = ConcurrentHashMap.newKeySet<Long>()

    fun record(roomId: Long, store: ViewStore, mode: CounterMode) {
        requireRoom(roomId)
        busyAsUnavailable(store) { counter(store).record(roomId, mode) }
    }

    fun count(roomId: Long, store: ViewStore, mode: CounterMode): ViewCount {
        requireRoom(roomId)
        val views = busyAsUnavailable(store) { counter(store).count(roomId, mode) }
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

    private fun <T> busyAsUnavailable(store: ViewStore, work: () -> T): T = try {
        work()
    } catch (e: DataAccessException) {
        val sqlite = generateSequence<Throwable>(e) { it.cause }.filterIsInstance<SQLiteException>().firstOrNull() ?: throw e
        if (sqlite.resultCode.code and 0xff != SQLiteErrorCode.SQLITE_BUSY.code && sqlite.resultCode.code and 0xff != SQLiteErrorCode.SQLITE_LOCKED.code) throw e
        log.debug("{} busy: {}", store.key, sqlite.message)
        throw BusyException("${store.key}: ${sqlite.resultCode.name} (${sqlite.resultCode.message}); the file stayed locked by another writer, try again")
    }

    companion object {
        private val log = LoggerFactory.getLogger(ViewService::class.java)
    }
}
