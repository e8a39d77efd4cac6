package chatlab.sqlite

import chatlab.system.info.BackendDescriber
import chatlab.system.info.BackendDescription
import chatlab.system.info.Origin
import org.springframework.beans.factory.annotation.Qualifier
import org.springframework.stereotype.Component

/** SQLite is always a file of this server's (both configurations use the same library). */
@Component
class SqliteDescriber(@Qualifier("sqliteDefault") private val sqlite: SqliteDatabase) : BackendDescriber {
    override val key = "sqlite"

    override fun describe(): BackendDescription = runCatching {
        val version = sqlite.reader.queryForObject("SELECT sqlite_version()", String::class.java) ?: "unknown"
        BackendDescription.of("SQLite", version, Origin.EMBEDDED, "files in ${sqlite.file.parent} (xerial sqlite-jdbc)")
    }.getOrElse { BackendDescription.unreachable(Origin.EMBEDDED, it) }
}
