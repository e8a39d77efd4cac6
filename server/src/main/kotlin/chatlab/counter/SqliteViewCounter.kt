package chatlab.counter

import chatlab.sqlite.SqliteDatabase
import java.time.Clock

/**
 * Views in one SQLite file, the same statements as MySQL in SQLite's dialect; writes go through the database's
 * writer (in a transaction: `BEGIN IMMEDIATE` when tuned), reads through its readers. Its tables are made here.
 */
class SqliteViewCounter(private val db: SqliteDatabase, override val store: ViewStore, private val clock: Clock) : ViewCounter {

    init {
        db.writer.execute("CREATE TABLE IF NOT EXISTS room_view_counter (room_id INTEGER PRIMARY KEY, views INTEGER NOT NULL)${db.tableOptions}")
        db.writer.execute(
            "CREATE TABLE IF NOT EXISTS room_view_log (id INTEGER PRIMARY KEY AUTOINCREMENT, room_id INTEGER NOT NULL, " +
                "viewed_at INTEGER NOT NULL)${db.tableOptions}",
        )
        db.writer.execute("CREATE INDEX IF NOT EXISTS room_view_log_room ON room_view_log (room_id)")
    }

    override fun record(roomId: Long, mode: CounterMode) = db.busyAsUnavailable {
        db.writeTransaction.executeWithoutResult {
            when (mode) {
                CounterMode.COUNTER -> db.writer.update(
                    "INSERT INTO room_view_counter (room_id, views) VALUES (?, 1) ON CONFLICT (room_id) DO UPDATE SET views = views + 1", roomId,
                )
                CounterMode.LOG -> db.writer.update("INSERT INTO room_view_log (room_id, viewed_at) VALUES (?, ?)", roomId, clock.millis())
            }
        }
    }

    override fun count(roomId: Long, mode: CounterMode): Long = db.busyAsUnavailable { count(mode, roomId) }

    private fun count(mode: CounterMode, roomId: Long): Long = when (mode) {
        CounterMode.COUNTER -> db.reader.queryForList("SELECT views FROM room_view_counter WHERE room_id = ?", Long::class.java, roomId).firstOrNull() ?: 0
        CounterMode.LOG -> db.reader.queryForObject("SELECT COUNT(*) FROM room_view_log WHERE room_id = ?", Long::class.java, roomId)!!
    }

    override fun reset(roomId: Long) {
        db.writeTransaction.executeWithoutResult {
            db.writer.update("DELETE FROM room_view_counter WHERE room_id = ?", roomId)
            db.writer.update("DELETE FROM room_view_log WHERE room_id = ?", roomId)
        }
    }
}
