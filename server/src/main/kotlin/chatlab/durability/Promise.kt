package chatlab.durability

import chatlab.system.error.BadRequestException
import org.sqlite.SQLiteConfig.SynchronousMode

/**
 * What an acknowledged commit survives. [DURABLE]: every acknowledged commit is on disk (MySQL
 * `innodb_flush_log_at_trx_commit=1`, an fsync per commit; tuned SQLite's WAL with `synchronous=FULL`). [RELAXED]: a
 * crash of the process loses nothing, a crash of the machine may lose the last second (`innodb_flush_log_at_trx_commit=2`,
 * the log written per commit and flushed once a second; WAL with `synchronous=NORMAL`, synced at checkpoints).
 */
enum class Promise(val flushLogAtTrxCommit: Int, val walSynchronous: SynchronousMode) {
    DURABLE(1, SynchronousMode.FULL),
    RELAXED(2, SynchronousMode.NORMAL);

    /** How the API and the plans name it: `durable`, `relaxed`. */
    val key: String get() = name.lowercase()

    companion object {
        fun parse(value: String?): Promise = entries.firstOrNull { it.key == value?.trim()?.lowercase() }
            ?: throw BadRequestException("unknown promise '$value': use one of ${entries.joinToString { it.key }}")

        /** The promise MySQL's `innodb_flush_log_at_trx_commit` gives: 1 durable, 2 (and 0) relaxed or less. */
        fun ofMysql(flushLogAtTrxCommit: Int): Promise? = entries.firstOrNull { it.flushLogAtTrxCommit == flushLogAtTrxCommit }
    }
}
