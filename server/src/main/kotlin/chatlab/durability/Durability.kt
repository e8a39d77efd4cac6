package chatlab.durability

import chatlab.sqlite.SqliteDatabase
import chatlab.system.error.ConflictException
import org.springframework.beans.factory.annotation.Qualifier
import org.springframework.dao.DataAccessException
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.stereotype.Service

/**
 * Switches MySQL and tuned SQLite between the two [Promise]s, so the sends experiment compares stores that promise the
 * same. MySQL's setting is global to its server (every instance of a fleet shares it); tuned SQLite's is this instance's
 * writer connection. SQLite with the driver's defaults is durable and stays so.
 */
@Service
class Durability(
    private val mysql: JdbcTemplate,
    @Qualifier("sqliteTuned") private val tuned: SqliteDatabase,
    @Qualifier("sqliteDefault") private val defaults: SqliteDatabase,
) {
    fun now(): DurabilityState {
        val flush = mysql.queryForObject("SELECT @@GLOBAL.innodb_flush_log_at_trx_commit", Int::class.java)!!
        val wal = tuned.commitSettings()
        val mysqlPromise = Promise.ofMysql(flush)
        return DurabilityState(
            mysqlPromise?.takeIf { it.walSynchronous.name == wal.synchronous }?.key,
            MysqlCommitSettings(flush), wal, defaults.commitSettings(),
        )
    }

    /** Gives [promise] from the next commit on; 409 naming the cause when MySQL's user may not set a global. */
    fun promise(promise: Promise): DurabilityState {
        try {
            mysql.execute("SET GLOBAL innodb_flush_log_at_trx_commit = ${promise.flushLogAtTrxCommit}")
        } catch (e: DataAccessException) {
            throw ConflictException(
                "MySQL refused to set innodb_flush_log_at_trx_commit (${e.mostSpecificCause.message}): the promise needs a user " +
                    "allowed to set globals (SUPER or SYSTEM_VARIABLES_ADMIN), as the embedded stack's root is",
            )
        }
        checkNotNull(tuned.synchronous) { "tuned SQLite has no switchable writer" }.mode = promise.walSynchronous
        return now()
    }
}
