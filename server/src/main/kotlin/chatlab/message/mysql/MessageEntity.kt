package chatlab.message.mysql

import chatlab.message.ChatMessage
import chatlab.message.MessageType
import jakarta.persistence.Column
import jakarta.persistence.Entity
import jakarta.persistence.EnumType
import jakarta.persistence.Enumerated
import jakarta.persistence.Id
import jakarta.persistence.Table
import java.time.Instant

/** A stored message as the history reads it; new rows go in through [MessageInsert], never through this entity. */
@Entity
@Table(name = "chat_message")
class MessageEntity(
    @Id val id: Long,
    @Column(name = "room_id") val roomId: Long,
    @Column(name = "sender_id") val senderId: Long,
    @Enumerated(EnumType.STRING) val type: MessageType,
    val content: String,
    @Column(name = "sent_at") val sentAt: Instant,
    @Column(name = "client_message_id") val clientMessageId: String,
)

fun MessageEntity.toMessage() = ChatMessage(id, roomId, senderId, type, content, sentAt, clientMessageId)
