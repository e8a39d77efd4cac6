package chatlab.system.deadline

import org.hibernate.resource.jdbc.spi.StatementInspector
import java.util.Locale

/**
 * Hibernate passes every SQL statement through here: a SELECT run within a request deadline gets the database's own
 * time limit for what is left of it, so MariaDB or MySQL stops the query when the client has given up. In the SQL
 * itself, not through a transaction timeout: no extra round trips on the measured path, and millisecond precision.
 */
class DeadlineStatementInspector(private val flavor: Flavor) : StatementInspector {

    enum class Flavor {
        /** `SET STATEMENT max_statement_time=<seconds> FOR select …` */
        MARIADB,

        /** `select /*+ MAX_EXECUTION_TIME(<ms>) */ …` (an optimizer hint; MariaDB would ignore it) */
        MYSQL,
    }

    override fun inspect(sql: String): String {
        val remaining = RequestDeadline.remaining() ?: return sql
        if (!sql.regionMatches(0, "select", 0, SELECT.length, ignoreCase = true)) return sql
        return when (flavor) {
            Flavor.MARIADB -> String.format(Locale.ROOT, "SET STATEMENT max_statement_time=%.3f FOR %s", remaining.toMillis() / 1000.0, sql)
            Flavor.MYSQL -> sql.substring(0, SELECT.length) + " /*+ MAX_EXECUTION_TIME(${remaining.toMillis()}) */" + sql.substring(SELECT.length)
        }
    }

    companion object {
        private const val SELECT = "select"

        /** MariaDB's driver (jdbc:mariadb) talks to MariaDB; MySQL's (jdbc:mysql) to MySQL, as the README asks. */
        fun forUrl(url: String?): DeadlineStatementInspector =
            DeadlineStatementInspector(if (url.orEmpty().startsWith("jdbc:mariadb:")) Flavor.MARIADB else Flavor.MYSQL)
    }
}
