package chatlab.seat

import org.springframework.stereotype.Component
import org.springframework.transaction.support.TransactionTemplate

/** The room row is the lock: `SELECT … FOR UPDATE` serialises every entrant of a room through one transaction at a time. */
@Component
class DbLockSeats(private val rows: SeatRows, private val tx: TransactionTemplate) : SeatKeeper {
    override val strategy = SeatStrategy.DB_LOCK

    override fun enter(roomId: Long, userId: Long): SeatOutcome = tx.execute {
        val capacity = rows.capacity(roomId, forUpdate = true)
        when {
            rows.isMember(roomId, userId) -> SeatOutcome.ALREADY_SEATED
            rows.members(roomId) >= capacity -> SeatOutcome.FULL
            else -> {
                rows.insertMember(roomId, userId)
                rows.countSeat(roomId)
                SeatOutcome.SEATED
            }
        }
    }
}
