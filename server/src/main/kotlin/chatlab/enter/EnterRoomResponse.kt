package chatlab.enter

import chatlab.message.KeysetPageDto
import chatlab.room.ChatRoomDto

/** "Enter chat room": the room and its latest page of messages. */
data class EnterRoomResponse(val room: ChatRoomDto, val messages: KeysetPageDto)
