package chatlab.counter

import chatlab.sqlite.SqliteDatabase
import org.springframework.beans.factory.annotation.Qualifier
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import java.time.Clock

/** One [SqliteViewCounter] per SQLite configuration. */
@Configuration(proxyBeanMethods = false)
class SqliteCounters {

    @Bean
    fun sqliteViewCounter(@Qualifier("sqliteDefault") db: SqliteDatabase, clock: Clock): ViewCounter = SqliteViewCounter(db, ViewStore.SQLITE, clock)

    @Bean
    fun sqliteTunedViewCounter(@Qualifier("sqliteTuned") db: SqliteDatabase, clock: Clock): ViewCounter = SqliteViewCounter(db, ViewStore.SQLITE_TUNED, clock)
}
