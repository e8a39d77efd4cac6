package chatlab.message.mysql

import chatlab.message.ChatMessage
import chatlab.message.KeysetRead
import chatlab.message.MessageStore
import chatlab.message.OffsetPage
import chatlab.message.Position
import chatlab.message.Removed
import chatlab.message.StoreKind
import chatlab.message.saveOnce
import chatlab.system.deadline.Deadline
import org.springframework.data.domain.Limit
import org.springframework.data.domain.PageRequest
import org.springframework.data.domain.Sort
import org.springframework.stereotype.Component
import org.springframework.transaction.annotation.Transactional
import org.springframework.transaction.support.TransactionTemplate
import java.time.Instant

@Component
class MysqlMessageStore(
    private val repository: MysqlMessageRepository,
    private val rows: MessageInsert,
    private val tx: TransactionTemplate,
) : MessageStore {
    override val kind = StoreKind.MYSQL

    override fun save(message: ChatMessage): ChatMessage = save(message) {}

    /** The insert and [alongside] in one transaction; a duplicate rolls it back, and the first copy is read after. */
    override fun save(message: ChatMessage, alongside: (ChatMessage) -> Unit): ChatMessage = saveOnce(
        message,
        insert = { tx.execute { rows.insert(message); message.also(alongside) }!! },
        storedCopy = { repository.findByRoomIdAndSenderIdAndClientMessageId(message.roomId, message.senderId, message.clientMessageId)?.toMessage() },
    )

    /** MySQL's statements get the deadline from Hibernate's statement inspector (`system/deadline`), not from [deadline]. */
    override fun findBefore(roomId: Long, before: Position, size: Int, deadline: Deadline?): KeysetRead {
        val rows = if (before == Position.NEWEST) repository.findByRoomIdOrderBySentAtDescIdDesc(roomId, Limit.of(size))
        else repository.findBefore(roomId, before.sentAt, before.id, Limit.of(size))
        return KeysetRead(rows.map { it.toMessage() })
    }

    override fun findPage(roomId: Long, page: Int, size: Int, sentBefore: Instant?, deadline: Deadline?): OffsetPage {
        val pageable = PageRequest.of(page, size, NEWEST_FIRST)
        val result = if (sentBefore == null) repository.findByRoomId(roomId, pageable)
        else repository.findByRoomIdAndSentAtBefore(roomId, sentBefore, pageable)
        return OffsetPage(result.content.map { it.toMessage() }, result.totalElements)
    }

    @Transactional
    override fun removeAbove(id: Long): Removed {
        val rooms = repository.roomsAbove(id)
        return if (rooms.isEmpty()) Removed.NONE else Removed(repository.deleteAbove(id).toLong(), rooms)
    }

    override fun count(): Long = repository.count()

    companion object {
        private val NEWEST_FIRST = Sort.by(Sort.Order.desc("sentAt"), Sort.Order.desc("id"))
    }
}
