package chatlab.sqlite

import chatlab.system.error.BusyException
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.catchThrowable
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import org.sqlite.SQLiteConfig.SynchronousMode
import java.nio.file.Path
import java.sql.DriverManager

/** A write SQLite cannot take in time is refused with its cause named, whether the file or the pool held it up. */
class SqliteDatabaseTest {
    @TempDir
    lateinit var dir: Path

    private val opened = mutableListOf<SqliteDatabase>()

    private fun database(poolSize: Int) = SqliteDatabase.defaults(dir, poolSize).also { db ->
        opened += db
        db.writer.execute("CREATE TABLE IF NOT EXISTS t (v INTEGER)")
    }

    private fun insert(db: SqliteDatabase) = db.busyAsUnavailable {
        db.writeTransaction.executeWithoutResult { db.writer.update("INSERT INTO t (v) VALUES (1)") }
    }

    @AfterEach
    fun close() = opened.forEach { it.close() }

    @Test
    fun `a file locked past the busy timeout is refused naming SQLITE_BUSY`() {
        val db = database(poolSize = 2)
        DriverManager.getConnection("jdbc:sqlite:${db.file}").use { holder ->
            holder.createStatement().execute("BEGIN EXCLUSIVE")
            val refused = catchThrowable { insert(db) }
            assertThat(refused).isInstanceOf(BusyException::class.java).hasMessageContaining("SQLITE_BUSY")
            holder.createStatement().execute("ROLLBACK")
        }
        insert(db)
        assertThat(db.reader.queryForObject("SELECT COUNT(*) FROM t", Long::class.java)).isEqualTo(1L)
    }

    @Test
    fun `a write that found every connection taken for the pool's whole wait is refused naming the pool`() {
        val db = database(poolSize = 1)
        db.pools.single().connection.use {
            val refused = catchThrowable { insert(db) }
            assertThat(refused).isInstanceOf(BusyException::class.java)
                .hasMessageStartingWith("sqlite: every connection stayed in use for the pool's whole wait")
        }
        insert(db)
        assertThat(db.reader.queryForObject("SELECT COUNT(*) FROM t", Long::class.java)).isEqualTo(1L)
    }

    @Test
    fun `tuned SQLite's writer takes the synchronous mode it is switched to, and a new connection gets it too`() {
        val db = SqliteDatabase.tuned(dir, readers = 1).also { opened += it }
        assertThat(db.commitSettings()).isEqualTo(CommitSettings("wal", "NORMAL"))

        db.synchronous!!.mode = SynchronousMode.FULL
        assertThat(db.commitSettings().synchronous).isEqualTo("FULL")
        db.pools.first().hikariPoolMXBean.softEvictConnections()

        assertThat(db.commitSettings()).describedAs("a new writer connection").isEqualTo(CommitSettings("wal", "FULL"))
        db.synchronous!!.mode = SynchronousMode.NORMAL
        assertThat(db.commitSettings().synchronous).isEqualTo("NORMAL")
    }
}
