package chatlab.message

import java.time.Instant

/** A stored chat message, whichever store holds it. `sentAt` is UTC with millisecond precision. */
data class ChatMessage(
    val id: Long,
    val roomId: Long,
    val senderId: Long,
    val type: MessageType,
    val content: String,
    val sentAt: Instant,
    val clientMessageId: String,
) {
    val position: Position get() = Position(sentAt.toEpochMilli(), id)
}
