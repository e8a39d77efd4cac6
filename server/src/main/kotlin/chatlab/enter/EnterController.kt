package chatlab.enter

import chatlab.auth.userId
import chatlab.message.MessageQueryService
import chatlab.room.RoomService
import chatlab.room.toDto
import chatlab.seat.SeatResponse
import chatlab.seat.SeatService
import chatlab.seat.SeatStrategy
import chatlab.system.deadline.Deadline
import org.springframework.http.ResponseEntity
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestAttribute
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController

/**
 * "Enter chat room", composed here because it needs the room, its messages and (for the seats experiment) a seat
 * strategy: features below do not know of each other.
 */
@RestController
@RequestMapping("/api/v1/chat-rooms/{roomId}/enter")
class EnterController(private val rooms: RoomService, private val messages: MessageQueryService, private val seats: SeatService) {

    /** Joins when there is a seat (409 when full), then returns the room and its latest messages read through [store]. */
    @PostMapping(params = ["!seats"])
    fun enter(
        @AuthenticationPrincipal jwt: Jwt,
        @PathVariable roomId: Long,
        @RequestParam(required = false) store: String?,
        @RequestAttribute(Deadline.ATTRIBUTE, required = false) deadline: Deadline?,
    ): ResponseEntity<EnterRoomResponse> {
        val room = rooms.join(roomId, jwt.userId())
        return messages.latest(jwt.userId(), roomId, store, deadline = deadline).map { EnterRoomResponse(room.toDto(), it) }.toResponse()
    }

    /** The seats experiment: the seat is taken by that strategy, and the answer is the seat alone (409 when full). */
    @PostMapping(params = ["seats"])
    fun takeSeat(@AuthenticationPrincipal jwt: Jwt, @PathVariable roomId: Long, @RequestParam seats: String): SeatResponse =
        this.seats.enter(SeatStrategy.of(seats), roomId, jwt.userId())
}
