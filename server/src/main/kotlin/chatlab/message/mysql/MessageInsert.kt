package chatlab.message.mysql

import chatlab.message.ChatMessage
import chatlab.system.jdbc.toUtcDateTime
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.stereotype.Repository

/**
 * Messages' rows, written by prepared INSERTs in the caller's transaction: the JPA transaction manager hands
 * JdbcTemplate the transaction's own connection. Hibernate's persist-and-flush wrote a SEND's row through its action
 * queue, batching and per-value binders, a fifth of the server CPU a MySQL SEND spent. A second copy of an id or of a
 * sender's clientMessageId fails with [org.springframework.dao.DuplicateKeyException].
 */
@Repository
class MessageInsert(private val jdbc: JdbcTemplate) {

    fun insert(message: ChatMessage) {
        jdbc.update(INSERT, *message.row())
    }

    /** One batch of rows (the seed's). */
    fun insertAll(messages: List<ChatMessage>) {
        jdbc.batchUpdate(INSERT, messages.map { it.row() })
    }

    private fun ChatMessage.row(): Array<Any> = arrayOf(id, roomId, senderId, type.name, content, sentAt.toUtcDateTime(), clientMessageId)

    companion object {
        private const val INSERT =
            "INSERT INTO chat_message (id, room_id, sender_id, type, content, sent_at, client_message_id) VALUES (?, ?, ?, ?, ?, ?, ?)"
    }
}
