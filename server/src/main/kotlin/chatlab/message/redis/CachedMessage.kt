package chatlab.message.redis

import chatlab.message.ChatMessage
import chatlab.message.MessageType
import java.time.Instant

/** The cached form: one fixed field order and epoch millis, so the same message always encodes to the same member. */
data class CachedMessage(
    val id: Long,
    val roomId: Long,
    val senderId: Long,
    val type: MessageType,
    val content: String,
    val sentAt: Long,
    val clientMessageId: String,
)

fun ChatMessage.toCached() = CachedMessage(id, roomId, senderId, type, content, sentAt.toEpochMilli(), clientMessageId)

fun CachedMessage.toMessage() = ChatMessage(id, roomId, senderId, type, content, Instant.ofEpochMilli(sentAt), clientMessageId)
