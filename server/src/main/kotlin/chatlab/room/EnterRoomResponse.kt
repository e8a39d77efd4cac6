package chatlab.room

import chatlab.message.KeysetPageDto

/** "Enter chat room": the room and its latest page of messages. */
data class EnterRoomResponse(val room: ChatRoomDto, val messages: KeysetPageDto)
