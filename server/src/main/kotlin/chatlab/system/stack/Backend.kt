package chatlab.system.stack

/** The servers chatlab talks to, with the variable that points a backend at an external server. */
enum class Backend(val key: String, val urlVariable: String) {
    MYSQL("mysql", "MYSQL_URL"),
    MONGODB("mongodb", "MONGODB_URI"),
    REDIS("redis", "REDIS_URL"),

    /** The STOMP broker the relay forwards to; only with `chatlab.broker=relay` (the simple broker is in-process). */
    BROKER("broker", "STOMP_RELAY_HOST"),
}

/** Where a backend's server came from; every reported figure carries this label. */
enum class Origin(val label: String) {
    EMBEDDED("embedded"),
    STAND_IN("stand-in"),
    EXTERNAL("external"),

    /** Inside the server itself: Spring's simple broker. */
    IN_PROCESS("in-process"),
}
