package chatlab.sqlite

import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import java.nio.file.Files

/** The two SQLite configurations the sqlite and counters experiments compare, each in its own file. */
@Configuration(proxyBeanMethods = false)
class SqliteConfig(private val properties: SqliteProperties) {

    @Bean(destroyMethod = "close")
    fun sqliteDefault(): SqliteDatabase = SqliteDatabase.defaults(Files.createDirectories(properties.dir), properties.poolSize)

    @Bean(destroyMethod = "close")
    fun sqliteTuned(): SqliteDatabase {
        val readers = properties.tunedReaders.takeIf { it > 0 } ?: maxOf(4, Runtime.getRuntime().availableProcessors())
        return SqliteDatabase.tuned(Files.createDirectories(properties.dir), readers)
    }
}
