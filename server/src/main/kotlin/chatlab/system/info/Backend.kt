package chatlab.system.info

/** The servers chatlab talks to, by the key it reports them under (`chatlab.backends.<key>.*`, `/actuator/info`). */
enum class Backend(val key: String) {
    MYSQL("mysql"),
    MONGODB("mongodb"),
    REDIS("redis"),

    /** The STOMP broker the relay forwards to; only with `chatlab.broker=relay` (the simple broker is in-process). */
    BROKER("broker"),
}
