package chatlab.message

import chatlab.system.deadline.Deadline
import org.springframework.dao.DataIntegrityViolationException
import java.time.Instant

/** The port every message store implements; one adapter per store. */
interface MessageStore {
    val kind: StoreKind

    /** Stores [message]; a retry with the same (room, sender, clientMessageId) returns the first copy instead. */
    fun save(message: ChatMessage): ChatMessage

    /**
     * Stores [message] as [save] does and, when it is new rather than a retry's first copy, runs [alongside] with it
     * (the room preview's update): in the same commit where the store shares the rooms' database (MySQL), so a SEND
     * commits once and the preview moves only with its message; right after the write elsewhere.
     */
    fun save(message: ChatMessage, alongside: (ChatMessage) -> Unit): ChatMessage = save(message).also { if (it.id == message.id) alongside(it) }

    /** Keyset page: up to [size] messages strictly older than [before], newest first, read within [deadline] where the store can. */
    fun findBefore(roomId: Long, before: Position, size: Int, deadline: Deadline? = null): KeysetRead

    /** Offset page with a total count: the "before" behaviour of the public baseline. */
    fun findPage(roomId: Long, page: Int, size: Int, sentBefore: Instant?, deadline: Deadline? = null): OffsetPage

    /** Deletes every message whose id is above [id] (what was sent since the seed, whose ids end at [id]). */
    fun removeAbove(id: Long): Removed

    /** How many messages the store holds. */
    fun count(): Long
}

/** What [MessageStore.removeAbove] deleted: how many messages, from which rooms. */
data class Removed(val messages: Long, val rooms: Set<Long>) {
    companion object {
        val NONE = Removed(0, emptySet())
    }
}

/** A keyset page as a store read it, and how a cache in front of the store answered (null: there is none). */
data class KeysetRead(val messages: List<ChatMessage>, val cache: CacheOutcome? = null)

data class OffsetPage(val messages: List<ChatMessage>, val totalElements: Long)

/**
 * Idempotent insert: a retry of the same (room, sender, clientMessageId) hits the store's unique index, and the copy
 * stored first is returned instead. (Spring maps both MySQL's and MongoDB's duplicate-key errors to this type.)
 */
inline fun saveOnce(message: ChatMessage, insert: () -> ChatMessage, storedCopy: () -> ChatMessage?): ChatMessage = try {
    insert()
} catch (duplicate: DataIntegrityViolationException) {
    storedCopy() ?: throw MessageIdClashException(message.id, duplicate)
}

/** The store already holds another message with this id: the allocator handed it out twice, a server fault. */
class MessageIdClashException(val id: Long, cause: Throwable) :
    IllegalStateException("message id $id is already taken in the store: the id allocator handed it out twice", cause)
