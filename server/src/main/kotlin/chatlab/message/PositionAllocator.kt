package chatlab.message

import org.springframework.stereotype.Component
import java.time.Clock

/**
 * Hands out each new message's place in history: a fresh id and its `sentAt` (UTC, milliseconds), together and in
 * strictly increasing `(sentAt, id)` order on this instance, even when the wall clock steps back. A session's frames
 * are handled one at a time, so one sender's messages are stored in the order it sent them.
 */
@Component
class PositionAllocator(private val ids: MessageIdAllocator, private val clock: Clock) {
    private var last = Position(Long.MIN_VALUE, Long.MIN_VALUE)

    @Synchronized
    fun next(): Position {
        val id = ids.nextId()
        val next = Position(maxOf(clock.millis(), last.millis), id)
        check(next > last) { "message id $id is not above the last one handed out (${last.id}): the id allocator went back" }
        last = next
        return next
    }
}
