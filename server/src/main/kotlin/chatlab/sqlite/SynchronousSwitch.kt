package chatlab.sqlite

import org.springframework.jdbc.datasource.DelegatingDataSource
import org.sqlite.SQLiteConfig.SynchronousMode
import org.sqlite.SQLiteConnection
import java.sql.Connection
import java.util.WeakHashMap
import javax.sql.DataSource

/**
 * A pool whose connections' `synchronous` setting can change at run time: `PRAGMA synchronous` is a connection's own,
 * so each connection gets the [mode] when it is handed out, if it differs from the one it was last given (a new
 * connection starts with the pool's configuration, which may not be the current mode). Handed out outside any
 * transaction, the pragma takes effect for the next commit.
 */
class SynchronousSwitch(pool: DataSource, initial: SynchronousMode) : DelegatingDataSource(pool) {
    @Volatile
    var mode: SynchronousMode = initial

    private val given = WeakHashMap<SQLiteConnection, SynchronousMode>()

    override fun getConnection(): Connection = give(super.getConnection())

    override fun getConnection(username: String, password: String): Connection = give(super.getConnection(username, password))

    private fun give(connection: Connection): Connection {
        val wanted = mode
        val own = connection.unwrap(SQLiteConnection::class.java)
        if (synchronized(given) { given[own] } == wanted) return connection
        try {
            connection.createStatement().use { it.execute("PRAGMA synchronous = ${wanted.name}") }
        } catch (e: Exception) {
            connection.close()
            throw e
        }
        synchronized(given) { given[own] = wanted }
        return connection
    }
}
