package chatlab.message.mongo

import chatlab.message.ChatMessage
import chatlab.message.MessageStore
import chatlab.message.OffsetPage
import chatlab.message.Position
import chatlab.message.StoreKind
import chatlab.message.saveOnce
import chatlab.system.deadline.RequestDeadline
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

    override fun findBefore(roomId: Long, before: Position, size: Int): List<ChatMessage> {
        val criteria = Criteria.where("roomId").`is`(roomId)
        if (before != Position.NEWEST) {
            criteria.and("sentAt").lte(before.sentAt).orOperator(
                Criteria.where("sentAt").lt(before.sentAt),
                Criteria.where("_id").lt(before.id),
            )
        }
        return mongo.find<MessageDocument>(Query(criteria).with(NEWEST_FIRST).limit(size).withinDeadline()).map { it.toMessage() }
    }

    override fun findPage(roomId: Long, page: Int, size: Int, sentBefore: Instant?): OffsetPage {
        val criteria = Criteria.where("roomId").`is`(roomId)
        if (sentBefore != null) criteria.and("sentAt").lt(sentBefore)
        val total = mongo.count(Query(criteria).withinDeadline(), MessageDocument::class.java)
        val query = Query(criteria).with(NEWEST_FIRST).skip(page.toLong() * size).limit(size).withinDeadline()
        return OffsetPage(mongo.find<MessageDocument>(query).map { it.toMessage() }, total)
    }

    companion object {
        /** MongoDB stops the query itself (`maxTimeMS`) when the request's deadline passes. */
        fun Query.withinDeadline(): Query = apply { RequestDeadline.remaining()?.let { maxTime(it) } }

        private val NEWEST_FIRST = Sort.by(Sort.Order.desc("sentAt"), Sort.Order.desc("_id"))
    }
}
