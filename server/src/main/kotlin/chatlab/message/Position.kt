package chatlab.message

import java.time.Instant

/**
 * A place in a room's history under the order `(sentAt desc, id desc)`. A page "before" a position holds the
 * messages strictly older: `sentAt < millis`, or `sentAt == millis and id < id`.
 */
data class Position(val millis: Long, val id: Long) : Comparable<Position> {

    override fun compareTo(other: Position): Int = compareValuesBy(this, other, Position::millis, Position::id)

    val sentAt: Instant get() = Instant.ofEpochMilli(millis)

    companion object {
        /** Before the instant itself: every message with an earlier `sentAt`, none at that millisecond. */
        fun before(instant: Instant) = Position(instant.toEpochMilli(), Long.MIN_VALUE)

        /** Above every message: a page before it starts at the newest. */
        val NEWEST = Position(Long.MAX_VALUE, Long.MAX_VALUE)
    }
}
