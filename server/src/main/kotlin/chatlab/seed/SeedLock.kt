package chatlab.seed

import org.springframework.stereotype.Component
import java.sql.Connection
import javax.sql.DataSource

/**
 * Lets one server instance seed at a time: a MySQL named lock (`GET_LOCK`, in MariaDB and MySQL alike), held on a
 * connection of its own for the whole seed. Instances that start together wait for it, then find the seed present;
 * if the seeding one dies, the database frees the lock with its connection and the next one seeds again.
 */
@Component
class SeedLock(private val dataSource: DataSource) {

    /** Runs [block] holding the lock; calls [waiting] every [POLL_SECONDS] while another instance holds it. */
    fun <T> hold(waiting: () -> Unit, block: () -> T): T = dataSource.connection.use { connection ->
        while (!acquire(connection)) waiting()
        try {
            block()
        } finally {
            connection.prepareStatement("SELECT RELEASE_LOCK(?)").use { it.setString(1, NAME); it.execute() }
        }
    }

    private fun acquire(connection: Connection): Boolean = connection.prepareStatement("SELECT GET_LOCK(?, ?)").use { statement ->
        statement.setString(1, NAME)
        statement.setInt(2, POLL_SECONDS)
        statement.executeQuery().use { it.next() && it.getInt(1) == 1 }
    }

    companion object {
        const val NAME = "chatlab-seed"
        const val POLL_SECONDS = 2
    }
}
