package chatlab.room

import chatlab.system.jdbc.toUtcDateTime
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.stereotype.Repository
import java.time.Instant

/**
 * The room's preview (its last message and when it was sent), moved by one prepared statement in the caller's
 * transaction: the JPA transaction manager hands JdbcTemplate the transaction's own connection. A JPQL bulk update did
 * the same work but had Hibernate translate the query again on every SEND, most of the server CPU a MySQL SEND spent
 * in its store.
 */
@Repository
class RoomPreviews(private val jdbc: JdbcTemplate) {

    /** Moves the preview forward only: a slower writer of an older message never overwrites a newer preview. */
    fun moveForward(roomId: Long, content: String, sentAt: Instant): Boolean {
        val at = sentAt.toUtcDateTime()
        return jdbc.update(MOVE_FORWARD, content, at, roomId, at) == 1
    }

    companion object {
        private const val MOVE_FORWARD =
            "UPDATE chat_room SET last_message = ?, last_sent_at = ? WHERE id = ? AND (last_sent_at IS NULL OR last_sent_at <= ?)"
    }
}
