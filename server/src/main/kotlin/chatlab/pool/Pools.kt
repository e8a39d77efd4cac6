package chatlab.pool

import chatlab.system.error.BadRequestException
import chatlab.sqlite.SqliteDatabase
import com.zaxxer.hikari.HikariDataSource
import org.springframework.beans.factory.annotation.Qualifier
import org.springframework.stereotype.Service
import javax.sql.DataSource

/**
 * The pool experiment: resizes a HikariCP pool at run time through its config MXBean. Growing takes effect at once
 * (the pool opens connections up to the new size as they are needed); shrinking retires the idle connections now and
 * busy ones as they come back, so the old size holds no request up. [restore] puts a pool back to the size it was
 * configured with, so that what runs after the sweep measures the server as configured, not the sweep's last size.
 */
@Service
class Pools(dataSource: DataSource, @Qualifier("sqliteDefault") sqlite: SqliteDatabase) {
    private val byName: Map<String, HikariDataSource> = mapOf(
        "mysql" to dataSource.unwrap(HikariDataSource::class.java),
        // The driver-defaults SQLite pool serves reads and writes; the tuned one keeps its single writer by design.
        "sqlite" to sqlite.pools.single(),
    )

    /** Each pool's configured maximum and minimum idle, as the server started with them. */
    private val configured: Map<HikariDataSource, Pair<Int, Int>> =
        byName.values.associateWith { pool -> pool.hikariConfigMXBean.let { it.maximumPoolSize to it.minimumIdle } }

    fun resize(name: String, size: Int): PoolSize {
        if (size !in 1..MAX_SIZE) throw BadRequestException("pool size must be 1..$MAX_SIZE, was $size")
        val pool = pool(name)
        val config = pool.hikariConfigMXBean
        // Minimum idle first when shrinking, maximum first when growing: HikariCP wants minimumIdle <= maximumPoolSize.
        if (size < config.maximumPoolSize) {
            config.minimumIdle = size
            config.maximumPoolSize = size
            // HikariCP never closes a connection for being above the maximum: retire them all, idle ones now, busy ones
            // when they are returned; the pool then refills up to the new size.
            pool.hikariPoolMXBean?.softEvictConnections()
        } else {
            config.maximumPoolSize = size
            config.minimumIdle = size
        }
        return size(name)
    }

    /** Back to the configured maximum and minimum idle (the order [resize] uses, so minimum idle never exceeds it). */
    fun restore(name: String): PoolSize {
        val pool = pool(name)
        val (maximum, minimumIdle) = configured.getValue(pool)
        resize(name, maximum)
        pool.hikariConfigMXBean.minimumIdle = minimumIdle
        return size(name)
    }

    fun size(name: String): PoolSize {
        val pool = pool(name)
        val state = pool.hikariPoolMXBean
        return PoolSize(name, pool.hikariConfigMXBean.maximumPoolSize, state?.totalConnections ?: 0, state?.activeConnections ?: 0, state?.idleConnections ?: 0)
    }

    private fun pool(name: String) = byName[name] ?: throw BadRequestException("unknown pool '$name': use one of ${byName.keys.joinToString()}")

    companion object {
        const val MAX_SIZE = 200
    }
}
