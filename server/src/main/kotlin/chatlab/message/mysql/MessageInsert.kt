package chatlab.message.mysql

import chatlab.message.ChatMessage
import chatlab.system.jdbc.toUtcDateTime
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.stereotype.Repository

/**
 * A message's row, written by one prepared INSERT in the caller's transaction: the JPA transaction manager hands
 * JdbcTemplate the transaction's own connection. Hibernate's persist-and-flush wrote the same row through its action
 * queue, batching and per-value binders, a fifth of the server CPU a MySQL SEND spent. A second copy of an id or of a
 * sender's clientMessageId fails with [org.springframework.dao.DuplicateKeyException].
 */
@Repository
class MessageInsert(private val jdbc: JdbcTemplate) {

    fun insert(message: ChatMessage) {
        with(message) { jdbc.update(INSERT, id, roomId, senderId, type.name, content, sentAt.toUtcDateTime(), clientMessageId) }
    }

    companion object {
        private const val INSERT =
            "INSERT INTO chat_message (id, room_id, sender_id, type, content, sent_at, client_message_id) VALUES (?, ?, ?, ?, ?, ?, ?)"
    }
}
