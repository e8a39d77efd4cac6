package chatlab.counter

import chatlab.system.error.BadRequestException

/** Where views are counted (`views?store=<key>`). */
enum class ViewStore(val key: String) {
    MYSQL("mysql"),

    /** SQLite with the driver's defaults. */
    SQLITE("sqlite"),

    /** SQLite with the public guide's server settings (WAL, busy_timeout, one writer, …). */
    SQLITE_TUNED("sqlite-tuned");

    companion object {
        fun of(key: String): ViewStore = entries.firstOrNull { it.key == key }
            ?: throw BadRequestException("unknown views store '$key': use one of ${entries.joinToString { it.key }}")
    }
}
