package chatlab.message.sqlite

import chatlab.message.StoreKind
import chatlab.sqlite.SqliteDatabase
import org.springframework.beans.factory.annotation.Qualifier
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration

/** One [SqliteMessageStore] per SQLite configuration: `sqlite` (driver defaults) and `sqlite-tuned`. */
@Configuration(proxyBeanMethods = false)
class SqliteMessageStores {

    @Bean
    fun sqliteMessageStore(@Qualifier("sqliteDefault") db: SqliteDatabase) = SqliteMessageStore(db, StoreKind.SQLITE)

    @Bean
    fun sqliteTunedMessageStore(@Qualifier("sqliteTuned") db: SqliteDatabase) = SqliteMessageStore(db, StoreKind.SQLITE_TUNED)
}
