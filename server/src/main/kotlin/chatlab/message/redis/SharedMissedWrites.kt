package chatlab.message.redis

import chatlab.system.jdbc.toUtcDateTime
import org.slf4j.LoggerFactory
import org.springframework.dao.DataAccessException
import org.springframework.jdbc.core.JdbcTemplate
import java.time.Clock

/**
 * With several instances behind a relay the marks live in MySQL, the store they all share and that does not fail
 * with Redis: a write-through missed on one instance stops every other one from serving that room's cached pages.
 * Each cached read asks (one primary-key lookup) — the price of exact pages across instances; the marks an instance
 * made itself are also kept in memory, so it evicts them even when MySQL answers late.
 */
class SharedMissedWrites(private val jdbc: JdbcTemplate, private val clock: Clock) : MissedWrites {
    private val local = LocalMissedWrites()

    override fun mark(rooms: Collection<Long>) {
        local.mark(rooms)
        val now = clock.instant().toUtcDateTime()
        try {
            jdbc.batchUpdate("INSERT IGNORE INTO cache_missed_write (room_id, marked_at) VALUES (?, ?)", rooms.map { arrayOf<Any>(it, now) })
        } catch (e: DataAccessException) {
            log.warn("Could not share the missed write-through of rooms {} ({}); this instance still evicts them", rooms, e.toString())
        }
    }

    override fun isMarked(roomId: Long): Boolean = local.isMarked(roomId) ||
        jdbc.queryForObject("SELECT COUNT(*) FROM cache_missed_write WHERE room_id = ?", Int::class.java, roomId)!! > 0

    /** A mark that cannot be removed now stays: the room is evicted once more, which is safe. */
    override fun clear(roomId: Long) {
        try {
            jdbc.update("DELETE FROM cache_missed_write WHERE room_id = ?", roomId)
            local.clear(roomId)
        } catch (e: DataAccessException) {
            log.debug("Could not clear the missed write-through of room {}: {}", roomId, e.toString())
        }
    }

    companion object {
        private val log = LoggerFactory.getLogger(SharedMissedWrites::class.java)
    }
}
