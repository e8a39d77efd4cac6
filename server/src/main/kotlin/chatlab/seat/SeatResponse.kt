package chatlab.seat

import chatlab.room.ChatRoomDto

/** A seated entrant's answer: the room (its count after this entry) and whether the seat was taken just now. */
data class SeatResponse(val room: ChatRoomDto, val strategy: String, val seated: String)
