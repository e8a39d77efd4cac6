package chatlab.message

import org.springframework.beans.factory.annotation.Value
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.stereotype.Component
import org.springframework.transaction.support.TransactionTemplate

/**
 * Message ids for both stores from one MySQL row, taken in blocks: unique across stores and server instances,
 * small enough for JSON numbers, and one round trip per [BLOCK] messages. No block ever starts at or below
 * [seedMaxId], the highest id the seed writes, whatever the row says and whenever it is asked: a SEND that raced
 * the seeder would otherwise take ids the seed is about to insert.
 */
@Component
class MessageIdAllocator(
    private val jdbc: JdbcTemplate,
    private val tx: TransactionTemplate,
    @Value("\${chatlab.seed.messages:0}") private val seedMaxId: Long,
) {
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
        val start = maxOf(jdbc.queryForObject("SELECT next_id FROM id_block WHERE name = ? FOR UPDATE", Long::class.java, NAME)!!, seedMaxId + 1)
        jdbc.update("UPDATE id_block SET next_id = ? WHERE name = ?", start + count, NAME)
        start
    }

    companion object {
        const val NAME = "chat_message"
        const val BLOCK = 1_000L
    }
}
