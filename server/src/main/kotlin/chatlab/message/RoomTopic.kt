package chatlab.message

/**
 * Where a room's messages are broadcast: `/topic/chat-rooms.{roomId}`. A name every broker takes: RabbitMQ's STOMP
 * plugin allows no `/` inside a topic name, and `/topic/` is multicast on RabbitMQ and Artemis alike.
 */
object RoomTopic {
    const val PREFIX = "/topic/chat-rooms."

    /** Where a refused SEND's reason goes: the sender's own session only. */
    const val ERRORS = "/user/queue/errors"

    private val pattern = Regex(Regex.escape(PREFIX) + "(\\d{1,18})")

    fun of(roomId: Long) = "$PREFIX$roomId"

    /** The room a destination is the topic of, or null. */
    fun roomOf(destination: String): Long? = pattern.matchEntire(destination)?.groupValues?.get(1)?.toLongOrNull()
}
