package chatlab.system.deadline

import java.time.Duration

/**
 * The request's [Deadline] for Hibernate's [DeadlineStatementInspector] alone: Hibernate passes an inspector the SQL and
 * nothing else, so the MySQL path cannot be handed the deadline as a value the way the MongoDB stores are. Bound by
 * [DeadlineFilter] for the request's thread, read by nothing but that inspector.
 */
object RequestDeadline {
    private val deadline = ThreadLocal<Deadline>()

    fun <T> within(value: Deadline, block: () -> T): T {
        val outer = deadline.get()
        deadline.set(value)
        try {
            return block()
        } finally {
            if (outer == null) deadline.remove() else deadline.set(outer)
        }
    }

    /** Time left, never below 1 ms; null outside a request. */
    fun remaining(): Duration? = deadline.get()?.remaining()
}
