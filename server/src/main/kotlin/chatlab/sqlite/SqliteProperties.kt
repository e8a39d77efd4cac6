package chatlab.sqlite

import org.springframework.boot.context.properties.ConfigurationProperties
import java.nio.file.Path

/** `chatlab.sqlite.*`: where the SQLite files live and how big the default configuration's pool is. */
@ConfigurationProperties("chatlab.sqlite")
data class SqliteProperties(
    /** The directory of `chatlab-default.db` and `chatlab-tuned.db`; the embedded stack points it at its own directory. */
    val dir: Path = Path.of(System.getProperty("java.io.tmpdir"), "chatlab-sqlite"),
    /** Connections of the `sqlite` (driver defaults) pool: HikariCP's default, every one of them a writer. */
    val poolSize: Int = 10,
    /** Readers of `sqlite-tuned` (its writer is always one connection); 0 means max(4, cores), as the public guide says. */
    val tunedReaders: Int = 0,
)
