package chatlab.seat

import chatlab.system.error.BadRequestException

/** How a rush of entrants competes for a room's last seats (`enter?seats=<key>`). */
enum class SeatStrategy(val key: String) {
    /** A conditional update of the seat count (`member_count < capacity`), then the membership row. */
    DB_ATOMIC("db-atomic"),

    /** `SELECT … FOR UPDATE` on the room row, count the members, insert. */
    DB_LOCK("db-lock"),

    /** A Redisson lock per room around the database check-and-insert. */
    REDIS_LOCK("redis-lock"),

    /** An atomic Redis admission (count and entrant set), then the membership row; a failed write gives the seat back. */
    REDIS_GATE("redis-gate");

    companion object {
        fun of(key: String): SeatStrategy = entries.firstOrNull { it.key == key }
            ?: throw BadRequestException("unknown seats strategy '$key': use one of ${entries.joinToString { it.key }}")
    }
}
