package chatlab.stack

/**
 * The servers the stack can start, each with the variable that points the chat server at an external one instead (set,
 * the stack leaves that backend alone). [key] is the name the chat server reports it under (`chatlab.backends.<key>.*`).
 */
enum class Backend(val key: String, val urlVariable: String) {
    MYSQL("mysql", "MYSQL_URL"),
    MONGODB("mongodb", "MONGODB_URI"),
    REDIS("redis", "REDIS_URL"),

    /** The STOMP broker the relay forwards to; only with `chatlab.broker=relay` (the simple broker is in-process). */
    BROKER("broker", "STOMP_RELAY_HOST"),
}
