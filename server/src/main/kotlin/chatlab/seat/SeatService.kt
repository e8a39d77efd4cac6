package chatlab.seat

import chatlab.room.RoomService
import chatlab.room.toDto
import chatlab.system.error.ConflictException
import chatlab.system.error.ForbiddenException
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.stereotype.Service

/** `enter?seats=<strategy>`: the same question — is there a seat for this user? — answered by each strategy. */
@Service
class SeatService(keepers: List<SeatKeeper>, private val rooms: RoomService, private val jdbc: JdbcTemplate) {
    private val byStrategy = keepers.associateBy { it.strategy }

    fun enter(strategy: SeatStrategy, roomId: Long, userId: Long): SeatResponse {
        val room = rooms.room(roomId) // 404 for an unknown room
        if (jdbc.queryForObject("SELECT COUNT(*) FROM chat_user WHERE id = ?", Long::class.java, userId)!! == 0L) {
            throw ForbiddenException("user $userId does not exist")
        }
        val outcome = byStrategy.getValue(strategy).enter(roomId, userId)
        if (outcome == SeatOutcome.FULL) throw ConflictException("chat room $roomId is full (${room.capacity} seats)")
        rooms.remember(roomId, userId)
        return SeatResponse(rooms.room(roomId).toDto(), strategy.key, if (outcome == SeatOutcome.SEATED) "now" else "before")
    }
}
