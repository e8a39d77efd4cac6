package chatlab.message.mongo

import chatlab.message.ChatMessage
import chatlab.message.MessageType
import org.springframework.data.annotation.Id
import org.springframework.data.mongodb.core.mapping.Document
import java.time.Instant

@Document(collection = MessageDocument.COLLECTION)
data class MessageDocument(
    @Id val id: Long,
    val roomId: Long,
    val senderId: Long,
    val type: MessageType,
    val content: String,
    val sentAt: Instant,
    val clientMessageId: String,
) {
    companion object {
        const val COLLECTION = "chat_messages"
    }
}

fun MessageDocument.toMessage() = ChatMessage(id, roomId, senderId, type, content, sentAt, clientMessageId)

fun ChatMessage.toDocument() = MessageDocument(id, roomId, senderId, type, content, sentAt, clientMessageId)
