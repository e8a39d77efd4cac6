package chatlab.message

import chatlab.system.error.BadRequestException

/** Where a read goes (`?store=`) and where a write lands (STOMP `store` header). */
enum class StoreKind(val key: String, val supportsOffset: Boolean) {
    MYSQL("mysql", supportsOffset = true),
    MONGO("mongo", supportsOffset = true),
    MONGO_REDIS("mongo-redis", supportsOffset = false),

    /** SQLite with the driver's defaults. */
    SQLITE("sqlite", supportsOffset = true),

    /** SQLite tuned for servers (WAL, busy_timeout, one writer, …). */
    SQLITE_TUNED("sqlite-tuned", supportsOffset = true);

    companion object {
        fun parse(value: String): StoreKind = entries.firstOrNull { it.key == value.trim().lowercase() }
            ?: throw BadRequestException("unknown store '$value': use one of ${entries.joinToString { it.key }}")
    }
}
