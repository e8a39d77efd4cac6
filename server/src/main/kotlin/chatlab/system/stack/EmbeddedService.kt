package chatlab.system.stack

/** A server started by this process; [properties] point Spring at it. */
interface EmbeddedService : AutoCloseable {
    val backend: Backend
    val properties: Map<String, Any>
}
