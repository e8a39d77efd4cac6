package chatlab.seat

/** One way to hand out a room's seats; each strategy is one implementation, proven by the same invariant. */
interface SeatKeeper {
    val strategy: SeatStrategy

    /** Seats [userId] in [roomId] if a seat is free. The room exists and the user exists (checked by the caller). */
    fun enter(roomId: Long, userId: Long): SeatOutcome
}
