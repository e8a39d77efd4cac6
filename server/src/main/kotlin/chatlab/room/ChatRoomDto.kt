package chatlab.room

import java.time.Instant

data class ChatRoomDto(
    val id: Long,
    val name: String,
    val type: RoomType,
    val capacity: Int,
    val memberCount: Int,
    val lastMessage: String?,
    val lastSentAt: Instant?,
)

fun ChatRoom.toDto() = ChatRoomDto(id, name, type, capacity, memberCount, lastMessage, lastSentAt)
