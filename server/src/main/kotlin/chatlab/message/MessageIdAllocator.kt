package chatlab.message

import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.stereotype.Component
import org.springframework.transaction.support.TransactionTemplate

/**
 * Message ids for both stores from one MySQL row, taken in blocks: unique across stores and server instances,
 * small enough for JSON numbers, and one round trip per [BLOCK] messages.
 */
@Component
class MessageIdAllocator(private val jdbc: JdbcTemplate, private val tx: TransactionTemplate) {
    private var next = 0L
    private var end = 0L

    @Synchronized
    fun nextId(): Long {
        if (next >= end) {
            val start = reserve(BLOCK)
            next = start
            end = start + BLOCK
        }
        return next++
    }

    /** Reserves [count] ids and returns the first. */
    private fun reserve(count: Long): Long = tx.execute {
        val start = jdbc.queryForObject("SELECT next_id FROM id_block WHERE name = ? FOR UPDATE", Long::class.java, NAME)!!
        jdbc.update("UPDATE id_block SET next_id = ? WHERE name = ?", start + count, NAME)
        start
    }!!

    /** Makes sure future ids start above [maxId] (after seeding with explicit ids). */
    fun advancePast(maxId: Long) {
        jdbc.update("UPDATE id_block SET next_id = GREATEST(next_id, ?) WHERE name = ?", maxId + 1, NAME)
    }

    companion object {
        const val NAME = "chat_message"
        const val BLOCK = 1_000L
    }
}
