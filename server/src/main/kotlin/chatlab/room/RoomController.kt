package chatlab.room

import chatlab.auth.userId
import chatlab.message.MessageQueryService
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController

@RestController
@RequestMapping("/api/v1/chat-rooms")
class RoomController(private val rooms: RoomService, private val messages: MessageQueryService) {

    /** Joins when there is a seat, then returns the room and its latest messages read through [store]. */
    @PostMapping("/{roomId}/enter")
    fun enter(
        @AuthenticationPrincipal jwt: Jwt,
        @PathVariable roomId: Long,
        @RequestParam(required = false) store: String?,
    ): EnterRoomResponse {
        val room = rooms.join(roomId, jwt.userId())
        return EnterRoomResponse(room.toDto(), messages.latest(jwt.userId(), roomId, store))
    }
}
