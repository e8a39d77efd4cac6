package chatlab.seat

import org.springframework.dao.DuplicateKeyException
import org.springframework.stereotype.Component
import org.springframework.transaction.support.TransactionTemplate

/** The seat count decides: one conditional UPDATE either takes a seat or finds none, and no lock is held for longer. */
@Component
class DbAtomicSeats(private val rows: SeatRows, private val tx: TransactionTemplate) : SeatKeeper {
    override val strategy = SeatStrategy.DB_ATOMIC

    override fun enter(roomId: Long, userId: Long): SeatOutcome {
        if (rows.isMember(roomId, userId)) return SeatOutcome.ALREADY_SEATED
        val outcome = try {
            tx.execute {
                if (!rows.takeSeatIfFree(roomId)) return@execute SeatOutcome.FULL
                rows.insertMember(roomId, userId) // a concurrent duplicate rolls the seat back with it
                SeatOutcome.SEATED
            }
        } catch (sameUserAtOnce: DuplicateKeyException) {
            SeatOutcome.ALREADY_SEATED
        }
        // The same user entering twice at once: the other request may have taken the last seat while this one waited
        // on the room row; its seat is committed once that wait ends, so a fresh read tells "full" from "yours".
        return if (outcome == SeatOutcome.FULL && rows.isMember(roomId, userId)) SeatOutcome.ALREADY_SEATED else outcome
    }
}
