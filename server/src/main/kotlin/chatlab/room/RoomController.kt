package chatlab.room

import chatlab.auth.userId
import chatlab.message.MessageQueryService
import chatlab.seat.SeatService
import chatlab.seat.SeatStrategy
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController

@RestController
@RequestMapping("/api/v1/chat-rooms")
class RoomController(private val rooms: RoomService, private val messages: MessageQueryService, private val seats: SeatService) {

    /**
     * Joins when there is a seat, then returns the room and its latest messages read through [store]. With
     * `seats=<strategy>` (the seats experiment) the seat is taken by that strategy and the answer is the seat alone;
     * a full room is 409 either way.
     */
    @PostMapping("/{roomId}/enter")
    fun enter(
        @AuthenticationPrincipal jwt: Jwt,
        @PathVariable roomId: Long,
        @RequestParam(required = false) store: String?,
        @RequestParam(required = false) seats: String?,
    ): Any {
        if (seats != null) return this.seats.enter(SeatStrategy.of(seats), roomId, jwt.userId())
        val room = rooms.join(roomId, jwt.userId())
        return EnterRoomResponse(room.toDto(), messages.latest(jwt.userId(), roomId, store))
    }
}
