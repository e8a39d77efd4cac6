package chatlab.stack

/** A server started by this process; [properties] point Spring at it. */
interface EmbeddedService : AutoCloseable {
    val backend: Backend
    val properties: Map<String, Any>

    /** How the chat server labels every figure this server produced: `EMBEDDED`, or `STAND_IN` for the MongoDB stand-in. */
    val origin: String get() = EMBEDDED

    companion object {
        /** The chat server's names for where a backend came from (its `Origin`): started here, or not. */
        const val EMBEDDED = "EMBEDDED"
        const val STAND_IN = "STAND_IN"
        const val EXTERNAL = "EXTERNAL"
    }
}
