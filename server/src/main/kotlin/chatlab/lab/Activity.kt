package chatlab.lab

/** What the server is doing right now: work in flight or queued anywhere, and how busy its CPUs are. */
data class Activity(
    val idle: Boolean,
    val httpInFlight: Long,
    val stompInbound: Int,
    val stompOutbound: Int,
    /** Users connected over STOMP: to this instance, and with a relay to every instance (the user registry broadcast). */
    val stompUsers: Int,
    val mysqlActive: Int,
    val mysqlWaiting: Int,
    val mongoCheckedOut: Int,
    /** SQLite connections in use or awaited, over both files' pools. */
    val sqliteActive: Int,
    val busyCores: Double,
    val cpuSeconds: CpuSeconds,
    val cores: Int,
    /** The CPUs the server (and the backends it started) may run on, e.g. `0-1`, or `1` when pinned (`chatlab.cpus`). */
    val cpus: String,
    /** Every server instance this one answers for (with `chatlab.fleet.instances` > 1, all of them; it is the first). */
    val instances: List<String> = emptyList(),
)
