package chatlab.system.deadline

import java.time.Duration

/**
 * How long the request on this thread may still take: set from the client's own timeout by [DeadlineFilter], handed
 * to MySQL ([DeadlineStatementInspector]) and MongoDB (`maxTimeMS`), so work the client gave up on is stopped by the
 * database instead of running on into the next caller's time.
 */
object RequestDeadline {
    private val deadline = ThreadLocal<Long>()

    fun <T> within(timeout: Duration, block: () -> T): T {
        val outer = deadline.get()
        deadline.set(System.nanoTime() + timeout.toNanos())
        try {
            return block()
        } finally {
            if (outer == null) deadline.remove() else deadline.set(outer)
        }
    }

    /** Time left, never below 1 ms (an expired deadline still reaches the database, which then refuses at once); null outside a request. */
    fun remaining(): Duration? = deadline.get()?.let { Duration.ofNanos(maxOf(it - System.nanoTime(), 1_000_000)) }
}
