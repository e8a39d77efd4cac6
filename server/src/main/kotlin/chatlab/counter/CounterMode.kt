package chatlab.counter

import chatlab.system.error.BadRequestException

/** How a view is counted (`views?mode=<key>`). */
enum class CounterMode(val key: String) {
    /** One row per room whose count is incremented: every view of a room updates the same hot row. */
    COUNTER("counter"),

    /** One row appended per view; the count is a COUNT(*). */
    LOG("log");

    companion object {
        fun of(key: String): CounterMode = entries.firstOrNull { it.key == key }
            ?: throw BadRequestException("unknown counter mode '$key': use one of ${entries.joinToString { it.key }}")
    }
}
