package chatlab.system.deadline

import java.time.Duration

/**
 * When a request's work must be over: made by [DeadlineFilter] from the client's own timeout and handed to the calls
 * that reach a database as a value (the MongoDB stores turn it into `maxTimeMS`).
 */
class Deadline private constructor(private val atNanos: Long) {

    /** Time left, never below 1 ms: an expired deadline still reaches the database, which then refuses at once. */
    fun remaining(): Duration = Duration.ofNanos(maxOf(atNanos - System.nanoTime(), 1_000_000))

    override fun toString(): String = "Deadline(in ${remaining().toMillis()} ms)"

    companion object {
        /** The request attribute under which [DeadlineFilter] leaves the request's deadline for its handler. */
        const val ATTRIBUTE = "chatlab.deadline"

        fun after(timeout: Duration): Deadline = Deadline(System.nanoTime() + timeout.toNanos())
    }
}
