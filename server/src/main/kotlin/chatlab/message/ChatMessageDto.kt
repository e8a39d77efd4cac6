package chatlab.message

import java.time.Instant

/** A message on the wire, HTTP and STOMP alike. */
data class ChatMessageDto(
    val id: Long,
    val roomId: Long,
    val senderId: Long,
    val type: MessageType,
    val content: String,
    val sentAt: Instant,
    val clientMessageId: String,
)

fun ChatMessage.toDto() = ChatMessageDto(id, roomId, senderId, type, content, sentAt, clientMessageId)
