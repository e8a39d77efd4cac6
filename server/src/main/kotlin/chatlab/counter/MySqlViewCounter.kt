package chatlab.counter

import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.stereotype.Component
import java.sql.Timestamp
import java.time.Clock
import java.time.temporal.ChronoUnit

/** Views in MySQL (the application's pool): an upsert on the room's row, or an insert into the log. */
@Component
class MySqlViewCounter(private val jdbc: JdbcTemplate, private val clock: Clock) : ViewCounter {
    override val store = ViewStore.MYSQL

    override fun record(roomId: Long, mode: CounterMode) {
        when (mode) {
            CounterMode.COUNTER -> jdbc.update(
                "INSERT INTO room_view_counter (room_id, views) VALUES (?, 1) ON DUPLICATE KEY UPDATE views = views + 1", roomId,
            )
            CounterMode.LOG -> jdbc.update(
                "INSERT INTO room_view_log (room_id, viewed_at) VALUES (?, ?)",
                roomId, Timestamp.from(clock.instant().truncatedTo(ChronoUnit.MILLIS)),
            )
        }
    }

    override fun count(roomId: Long, mode: CounterMode): Long = when (mode) {
        CounterMode.COUNTER -> jdbc.queryForList("SELECT views FROM room_view_counter WHERE room_id = ?", Long::class.java, roomId).firstOrNull() ?: 0
        CounterMode.LOG -> jdbc.queryForObject("SELECT COUNT(*) FROM room_view_log WHERE room_id = ?", Long::class.java, roomId)!!
    }

    override fun reset(roomId: Long) {
        jdbc.update("DELETE FROM room_view_counter WHERE room_id = ?", roomId)
        jdbc.update("DELETE FROM room_view_log WHERE room_id = ?", roomId)
    }
}
