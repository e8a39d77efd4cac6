package chatlab.message.mysql

import chatlab.message.ChatMessage
import chatlab.message.MessageType
import jakarta.persistence.Column
import jakarta.persistence.Entity
import jakarta.persistence.EnumType
import jakarta.persistence.Enumerated
import jakarta.persistence.Id
import jakarta.persistence.Table
import jakarta.persistence.Transient
import org.springframework.data.domain.Persistable
import java.time.Instant

@Entity
@Table(name = "chat_message")
class MessageEntity(
    @Id private val id: Long,
    @Column(name = "room_id") val roomId: Long,
    @Column(name = "sender_id") val senderId: Long,
    @Enumerated(EnumType.STRING) val type: MessageType,
    val content: String,
    @Column(name = "sent_at") val sentAt: Instant,
    @Column(name = "client_message_id") val clientMessageId: String,
) : Persistable<Long> {
    override fun getId(): Long = id

    /** Messages are never updated: always INSERT, so a clash fails instead of silently merging. */
    @Transient
    override fun isNew(): Boolean = true
}

fun MessageEntity.toMessage() = ChatMessage(getId(), roomId, senderId, type, content, sentAt, clientMessageId)

fun ChatMessage.toEntity() = MessageEntity(id, roomId, senderId, type, content, sentAt, clientMessageId)
