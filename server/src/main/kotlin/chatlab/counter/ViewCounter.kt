package chatlab.counter

/** The port: one adapter per store counts a room's views in either mode. */
interface ViewCounter {
    val store: ViewStore

    /** Counts one view; throws when the store could not take the write (the caller maps the cause). */
    fun record(roomId: Long, mode: CounterMode)

    fun count(roomId: Long, mode: CounterMode): Long

    /** Forgets every view of the room in both modes. */
    fun reset(roomId: Long)
}
