package chatlab.message.redis

import chatlab.message.Position

/** Key names and the 34-digit position strings the cache script compares (15-digit millis, 19-digit id). */
object CacheKeys {
    const val POSITION_LENGTH = 34
    val OLDEST: String = "0".repeat(POSITION_LENGTH)
    val NEWEST: String = "9".repeat(POSITION_LENGTH)

    /** Matches every key of every room (SCAN pattern). */
    const val ALL_ROOMS = "chat:room:*"

    fun messages(roomId: Long) = "chat:room:{$roomId}:messages"

    fun meta(roomId: Long) = "chat:room:{$roomId}:meta"

    /** The bound of a page; `Position.before(t)` has no id, so it encodes as id 0 (ids start at 1). */
    fun encode(position: Position): String = when {
        position == Position.NEWEST -> NEWEST
        position.millis < 0 -> OLDEST
        else -> "%015d%019d".format(position.millis, position.id.coerceAtLeast(0))
    }

    /** The highest score a page below [position] can have. */
    fun maxScore(position: Position): String = if (position == Position.NEWEST) "+inf" else position.millis.toString()

    fun decode(encoded: String): Position =
        if (encoded == NEWEST) Position.NEWEST
        else Position(encoded.substring(0, 15).toLong(), encoded.substring(15, POSITION_LENGTH).toLong())
}
