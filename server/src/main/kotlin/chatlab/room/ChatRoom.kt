package chatlab.room

import jakarta.persistence.Column
import jakarta.persistence.Entity
import jakarta.persistence.EnumType
import jakarta.persistence.Enumerated
import jakarta.persistence.Id
import jakarta.persistence.Table
import java.time.Instant

@Entity
@Table(name = "chat_room")
class ChatRoom(
    @Id val id: Long,
    val name: String,
    @Enumerated(EnumType.STRING) val type: RoomType,
    val capacity: Int,
    @Column(name = "member_count") val memberCount: Int = 0,
    @Column(name = "last_message") val lastMessage: String? = null,
    @Column(name = "last_sent_at") val lastSentAt: Instant? = null,
)
