package chatlab.message.mongo

import chatlab.message.ChatMessage
import chatlab.message.KeysetRead
import chatlab.message.MessageStore
import chatlab.message.OffsetPage
import chatlab.message.Position
import chatlab.message.Removed
import chatlab.message.StoreKind
import chatlab.message.saveOnce
import chatlab.system.deadline.Deadline
import org.springframework.data.domain.Sort
import org.springframework.data.mongodb.core.MongoTemplate
import org.springframework.data.mongodb.core.find
import org.springframework.data.mongodb.core.query.Criteria
import org.springframework.data.mongodb.core.query.Query
import org.springframework.stereotype.Component
import java.time.Instant

@Component
class MongoMessageStore(
    private val mongo: MongoTemplate,
    private val repository: MongoMessageRepository,
) : MessageStore {
    override val kind = StoreKind.MONGO

    override fun save(message: ChatMessage): ChatMessage = saveOnce(
        message,
        insert = { mongo.insert(message.toDocument()).toMessage() },
        storedCopy = { repository.findByRoomIdAndSenderIdAndClientMessageId(message.roomId, message.senderId, message.clientMessageId)?.toMessage() },
    )

    override fun findBefore(roomId: Long, before: Position, size: Int, deadline: Deadline?): KeysetRead {
        val criteria = Criteria.where("roomId").`is`(roomId)
        if (before != Position.NEWEST) {
            criteria.and("sentAt").lte(before.sentAt).orOperator(
                Criteria.where("sentAt").lt(before.sentAt),
                Criteria.where("_id").lt(before.id),
            )
        }
        return KeysetRead(mongo.find<MessageDocument>(Query(criteria).with(NEWEST_FIRST).limit(size).within(deadline)).map { it.toMessage() })
    }

    override fun findPage(roomId: Long, page: Int, size: Int, sentBefore: Instant?, deadline: Deadline?): OffsetPage {
        val criteria = Criteria.where("roomId").`is`(roomId)
        if (sentBefore != null) criteria.and("sentAt").lt(sentBefore)
        val total = mongo.count(Query(criteria).within(deadline), MessageDocument::class.java)
        val query = Query(criteria).with(NEWEST_FIRST).skip(page.toLong() * size).limit(size).within(deadline)
        return OffsetPage(mongo.find<MessageDocument>(query).map { it.toMessage() }, total)
    }

    override fun removeAbove(id: Long): Removed {
        val above = Query(Criteria.where("_id").gt(id))
        val rooms = mongo.findDistinct(above, "roomId", MessageDocument::class.java, Long::class.javaObjectType).toSet()
        return if (rooms.isEmpty()) Removed.NONE else Removed(mongo.remove(above, MessageDocument::class.java).deletedCount, rooms)
    }

    override fun count(): Long = mongo.estimatedCount(MessageDocument::class.java)

    companion object {
        /** MongoDB stops the query itself (`maxTimeMS`) when [deadline] passes. */
        fun Query.within(deadline: Deadline?): Query = apply { deadline?.let { maxTime(it.remaining()) } }

        private val NEWEST_FIRST = Sort.by(Sort.Order.desc("sentAt"), Sort.Order.desc("_id"))
    }
}
