package chatlab.message.mongo

import org.springframework.data.mongodb.repository.MongoRepository

interface MongoMessageRepository : MongoRepository<MessageDocument, Long> {
    fun findByRoomIdAndSenderIdAndClientMessageId(roomId: Long, senderId: Long, clientMessageId: String): MessageDocument?
}
