package chatlab.seat

/**
 * A room's seats after a rush, checked against the invariant: members = min(seats, distinct entrants), nobody
 * twice, the room's count equals its membership rows, and the Redis gate (when it was used) agrees with MySQL.
 */
data class SeatAudit(
    val roomId: Long,
    val seats: Int,
    /** Distinct users who tried, as the caller counted them; null when not given. */
    val entrants: Long?,
    val members: Long,
    val distinctMembers: Long,
    val memberCount: Int,
    /** The gate's seat count and entrant set size; null when the gate was not used on this room. */
    val gateCount: Long?,
    val gateUsers: Long?,
    val problems: List<String>,
) {
    val held: Boolean get() = problems.isEmpty()
}
