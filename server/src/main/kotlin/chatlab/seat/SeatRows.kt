package chatlab.seat

import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.stereotype.Component
import java.sql.Timestamp
import java.time.Instant
import java.time.temporal.ChronoUnit

/** The membership rows and seat count every strategy reads and writes, in MySQL, within the caller's transaction. */
@Component
class SeatRows(private val jdbc: JdbcTemplate) {

    fun isMember(roomId: Long, userId: Long): Boolean =
        jdbc.queryForObject("SELECT COUNT(*) FROM room_membership WHERE room_id = ? AND user_id = ?", Long::class.java, roomId, userId)!! > 0

    fun members(roomId: Long): Long =
        jdbc.queryForObject("SELECT COUNT(*) FROM room_membership WHERE room_id = ?", Long::class.java, roomId)!!

    fun capacity(roomId: Long, forUpdate: Boolean = false): Int =
        jdbc.queryForObject("SELECT capacity FROM chat_room WHERE id = ?" + if (forUpdate) " FOR UPDATE" else "", Int::class.java, roomId)!!

    /** Inserts the row; a duplicate (the same user at the same moment) throws DuplicateKeyException. */
    fun insertMember(roomId: Long, userId: Long) {
        jdbc.update(
            "INSERT INTO room_membership (room_id, user_id, joined_at) VALUES (?, ?, ?)",
            roomId, userId, Timestamp.from(Instant.now().truncatedTo(ChronoUnit.MILLIS)),
        )
    }

    /** Takes a seat if the count is below the capacity; true when it did. */
    fun takeSeatIfFree(roomId: Long): Boolean =
        jdbc.update("UPDATE chat_room SET member_count = member_count + 1 WHERE id = ? AND member_count < capacity", roomId) == 1

    fun countSeat(roomId: Long) {
        jdbc.update("UPDATE chat_room SET member_count = member_count + 1 WHERE id = ?", roomId)
    }
}
