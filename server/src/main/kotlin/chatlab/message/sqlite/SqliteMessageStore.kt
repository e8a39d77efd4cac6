package chatlab.message.sqlite

import chatlab.message.ChatMessage
import chatlab.message.KeysetRead
import chatlab.message.MessageStore
import chatlab.message.MessageType
import chatlab.message.OffsetPage
import chatlab.message.Position
import chatlab.message.Removed
import chatlab.message.StoreKind
import chatlab.message.saveOnce
import chatlab.sqlite.SqliteDatabase
import chatlab.system.deadline.Deadline
import org.springframework.dao.DataAccessException
import org.springframework.dao.DuplicateKeyException
import org.springframework.jdbc.core.RowMapper
import org.sqlite.SQLiteErrorCode
import java.time.Instant

/**
 * Messages in one SQLite file ([db]): the same columns, order, cursor and idempotency as MySQL, `sent_at` in epoch
 * milliseconds (UTC). Writes go through the database's writer in a transaction (`BEGIN IMMEDIATE` when tuned), reads
 * through its readers; a file that stayed locked answers 503 naming `SQLITE_BUSY`. Its table is made here.
 */
class SqliteMessageStore(private val db: SqliteDatabase, override val kind: StoreKind) : MessageStore {

    init {
        db.writer.execute(
            "CREATE TABLE IF NOT EXISTS chat_message (id INTEGER PRIMARY KEY, room_id INTEGER NOT NULL, sender_id INTEGER NOT NULL, " +
                "type TEXT NOT NULL, content TEXT NOT NULL, sent_at INTEGER NOT NULL, client_message_id TEXT NOT NULL)${db.tableOptions}",
        )
        db.writer.execute("CREATE INDEX IF NOT EXISTS chat_message_room_sent ON chat_message (room_id, sent_at, id)")
        db.writer.execute("CREATE UNIQUE INDEX IF NOT EXISTS chat_message_client ON chat_message (room_id, sender_id, client_message_id)")
    }

    /** The file this store lives in (tests look there to prove where a message landed). */
    val database: SqliteDatabase get() = db

    override fun save(message: ChatMessage): ChatMessage = db.busyAsUnavailable {
        saveOnce(
            message,
            insert = { insert(message) },
            storedCopy = {
                db.reader.query("$SELECT WHERE room_id = ? AND sender_id = ? AND client_message_id = ?", ROW, message.roomId, message.senderId, message.clientMessageId)
                    .firstOrNull()
            },
        )
    }

    override fun findBefore(roomId: Long, before: Position, size: Int, deadline: Deadline?): KeysetRead = db.busyAsUnavailable {
        KeysetRead(if (before == Position.NEWEST) db.reader.query("$SELECT WHERE room_id = ? $NEWEST_FIRST LIMIT ?", ROW, roomId, size)
        // A row value: SQLite walks the (room_id, sent_at, id) index backwards from the cursor.
        else db.reader.query("$SELECT WHERE room_id = ? AND (sent_at, id) < (?, ?) $NEWEST_FIRST LIMIT ?", ROW, roomId, before.millis, before.id, size))
    }

    override fun findPage(roomId: Long, page: Int, size: Int, sentBefore: Instant?, deadline: Deadline?): OffsetPage = db.busyAsUnavailable {
        val filter = if (sentBefore == null) "room_id = ?" else "room_id = ? AND sent_at < ?"
        val args = listOfNotNull<Any>(roomId, sentBefore?.toEpochMilli())
        val messages = db.reader.query("$SELECT WHERE $filter $NEWEST_FIRST LIMIT ? OFFSET ?", ROW, *(args + size + page.toLong() * size).toTypedArray())
        val total = db.reader.queryForObject("SELECT COUNT(*) FROM chat_message WHERE $filter", Long::class.java, *args.toTypedArray())!!
        OffsetPage(messages, total)
    }

    override fun removeAbove(id: Long): Removed = db.busyAsUnavailable {
        val rooms = db.reader.queryForList("SELECT DISTINCT room_id FROM chat_message WHERE id > ?", Long::class.java, id).filterNotNull().toSet()
        if (rooms.isEmpty()) Removed.NONE
        else Removed(db.writeTransaction.execute { db.writer.update("DELETE FROM chat_message WHERE id > ?", id) }!!.toLong(), rooms)
    }

    override fun count(): Long = db.reader.queryForObject("SELECT COUNT(*) FROM chat_message", Long::class.java)!!

    /** Empties the store (a reseed). */
    fun wipe() {
        db.writer.execute("DELETE FROM chat_message")
    }

    /** How many of the ids 1..[maxId] the store holds. */
    fun countUpTo(maxId: Long): Long = db.reader.queryForObject("SELECT COUNT(*) FROM chat_message WHERE id <= ?", Long::class.java, maxId)!!

    /** Writes [messages] in batches of [batchSize], in one transaction, calling [progress] with the count written so far. */
    fun insertAll(messages: List<ChatMessage>, batchSize: Int, progress: (Int) -> Unit) {
        db.writeTransaction.executeWithoutResult {
            var done = 0
            messages.chunked(batchSize).forEach { batch ->
                db.writer.batchUpdate(INSERT, batch.map { arrayOf<Any>(it.id, it.roomId, it.senderId, it.type.name, it.content, it.sentAt.toEpochMilli(), it.clientMessageId) })
                done += batch.size
                progress(done)
            }
        }
    }

    /** A unique-index clash is a retry of a stored message ([saveOnce] looks it up); a primary-key clash stays one. */
    private fun insert(message: ChatMessage): ChatMessage = try {
        db.writeTransaction.executeWithoutResult {
            db.writer.update(INSERT, message.id, message.roomId, message.senderId, message.type.name, message.content, message.sentAt.toEpochMilli(), message.clientMessageId)
        }
        message
    } catch (e: DataAccessException) {
        when (SqliteDatabase.sqliteCode(e)) {
            SQLiteErrorCode.SQLITE_CONSTRAINT_UNIQUE, SQLiteErrorCode.SQLITE_CONSTRAINT_PRIMARYKEY -> throw DuplicateKeyException(e.message ?: "duplicate key", e)
            else -> throw e
        }
    }

    private companion object {
        const val SELECT = "SELECT id, room_id, sender_id, type, content, sent_at, client_message_id FROM chat_message"
        const val NEWEST_FIRST = "ORDER BY sent_at DESC, id DESC"
        const val INSERT = "INSERT INTO chat_message (id, room_id, sender_id, type, content, sent_at, client_message_id) VALUES (?, ?, ?, ?, ?, ?, ?)"

        val ROW = RowMapper { rs, _ ->
            ChatMessage(
                id = rs.getLong(1), roomId = rs.getLong(2), senderId = rs.getLong(3), type = MessageType.valueOf(rs.getString(4)),
                content = rs.getString(5), sentAt = Instant.ofEpochMilli(rs.getLong(6)), clientMessageId = rs.getString(7),
            )
        }
    }
}
