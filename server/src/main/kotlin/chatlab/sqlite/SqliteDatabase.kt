package chatlab.sqlite

import chatlab.system.error.ApiExceptionHandler
import chatlab.system.error.BusyException
import com.zaxxer.hikari.HikariConfig
import com.zaxxer.hikari.HikariDataSource
import org.springframework.core.NestedRuntimeException
import org.springframework.dao.DataAccessException
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.jdbc.datasource.DataSourceTransactionManager
import org.springframework.transaction.TransactionException
import org.springframework.transaction.support.TransactionTemplate
import org.sqlite.SQLiteConfig
import org.sqlite.SQLiteConfig.SynchronousMode
import org.sqlite.SQLiteErrorCode
import org.sqlite.SQLiteException
import java.nio.file.Path
import javax.sql.DataSource

/**
 * One SQLite file behind its pools: [writer] for every write (in a transaction, `BEGIN IMMEDIATE` when tuned) and
 * [reader] for reads, which is the same pool as the writer in the driver-defaults configuration. Deliberately not a
 * `DataSource` bean, so Spring Boot's own MySQL pool stays the application's data source.
 */
class SqliteDatabase private constructor(
    val name: String,
    val file: Path,
    val tuned: Boolean,
    private val writerPool: HikariDataSource,
    private val readerPool: HikariDataSource,
) : AutoCloseable {
    /** The writer's `synchronous` setting, switchable at run time when tuned (WAL); the defaults' stays FULL. */
    val synchronous: SynchronousSwitch? = if (tuned) SynchronousSwitch(writerPool, TUNED_SYNCHRONOUS) else null
    private val writerSource: DataSource = synchronous ?: writerPool
    val writer = JdbcTemplate(writerSource)
    val reader = JdbcTemplate(readerPool)
    val writeTransaction = TransactionTemplate(DataSourceTransactionManager(writerSource))

    /** What a commit through the writer promises now: its journal mode and `synchronous` (0 OFF, 1 NORMAL, 2 FULL). */
    fun commitSettings(): CommitSettings = CommitSettings(
        writer.queryForObject("PRAGMA journal_mode", String::class.java)!!.lowercase(),
        SynchronousMode.entries.first { it.ordinal == writer.queryForObject("PRAGMA synchronous", Int::class.java) }.name,
    )

    /** The pools' configuration MXBeans, writer first: sizes can be changed at run time. */
    val pools: List<HikariDataSource> get() = listOf(writerPool, readerPool).distinct()

    /** STRICT tables when tuned (type-checked columns), plain ones with the driver's defaults. */
    val tableOptions: String get() = if (tuned) " STRICT" else ""

    /**
     * Runs [work]; work refused for contention becomes a [BusyException] (503) naming the cause, never a silent loss
     * or a 500: a statement SQLite refused because the file stayed locked past the busy timeout (`SQLITE_BUSY`,
     * `SQLITE_LOCKED`), or a transaction that found every connection of the pool in use for the pool's whole wait
     * (its connections wait on that same lock: with the driver's defaults, ten connections and a 3 s busy timeout
     * against a 3 s pool wait, a burst of writers meets either).
     */
    fun <T> busyAsUnavailable(work: () -> T): T = try {
        work()
    } catch (e: NestedRuntimeException) {
        if (e !is DataAccessException && e !is TransactionException) throw e
        val code = sqliteCode(e)
        if (code != null && code.code and 0xff in BUSY_CODES) {
            throw BusyException("$name: ${code.name} (${code.message}); the file stayed locked by another connection, try again")
        }
        val wait = ApiExceptionHandler.poolWait(e) ?: throw e
        throw BusyException("$name: every connection stayed in use for the pool's whole wait (${wait.message}); try again")
    }

    override fun close() {
        pools.forEach { it.close() }
    }

    companion object {
        private val BUSY_CODES = setOf(SQLiteErrorCode.SQLITE_BUSY.code, SQLiteErrorCode.SQLITE_LOCKED.code)

        /** The public guide's `synchronous` for tuned SQLite, with which every tuned connection opens. */
        private val TUNED_SYNCHRONOUS = SynchronousMode.NORMAL

        /** The SQLite result code behind a Spring data-access failure, if SQLite raised it. */
        fun sqliteCode(e: Throwable): SQLiteErrorCode? =
            generateSequence(e) { it.cause }.filterIsInstance<SQLiteException>().firstOrNull()?.resultCode

        /** The driver's defaults: rollback journal, `synchronous` FULL, deferred transactions, its 3 s busy timeout. */
        fun defaults(dir: Path, poolSize: Int): SqliteDatabase {
            val file = dir.resolve("chatlab-default.db")
            val pool = pool("sqlite", file, SQLiteConfig(), poolSize)
            return SqliteDatabase("sqlite", file, tuned = false, pool, pool)
        }

        /**
         * The public guide's server settings: WAL, `busy_timeout` 5000, `synchronous` NORMAL, a 64 MB cache, foreign
         * keys, temp store in memory, `BEGIN IMMEDIATE`; one writer connection and a pool of [readers] read-only ones.
         */
        fun tuned(dir: Path, readers: Int): SqliteDatabase {
            val file = dir.resolve("chatlab-tuned.db")
            fun config(readOnly: Boolean) = SQLiteConfig().apply {
                setJournalMode(SQLiteConfig.JournalMode.WAL)
                setBusyTimeout(5000)
                setSynchronous(TUNED_SYNCHRONOUS)
                setCacheSize(-64_000)
                enforceForeignKeys(true)
                setTempStore(SQLiteConfig.TempStore.MEMORY)
                setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE)
                setReadOnly(readOnly)
            }
            val writer = pool("sqlite-tuned-writer", file, config(readOnly = false), 1)
            val reader = pool("sqlite-tuned-reader", file, config(readOnly = true), readers, readOnly = true)
            return SqliteDatabase("sqlite-tuned", file, tuned = true, writer, reader)
        }

        private fun pool(name: String, file: Path, config: SQLiteConfig, size: Int, readOnly: Boolean = false) = HikariDataSource(
            HikariConfig().apply {
                poolName = name
                jdbcUrl = "jdbc:sqlite:$file"
                dataSourceProperties = config.toProperties()
                maximumPoolSize = size
                connectionTimeout = 3000
                // HikariCP sets every connection's read-only flag; SQLite fixes it when it opens the file: they must agree.
                isReadOnly = readOnly
            },
        )
    }
}
