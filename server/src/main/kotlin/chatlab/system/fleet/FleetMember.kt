package chatlab.system.fleet

/**
 * One server instance of the fleet: the first is the one that started the others (and runs the backends). A member of
 * a further group ([deployment], e.g. `relay-2`) relays through [broker] and may write to its clients on
 * [outboundThreads] threads of its own; for the fleet's own instances all three are null.
 */
data class FleetMember(
    val index: Int,
    val port: Int,
    val pid: Long,
    val deployment: String? = null,
    val broker: String? = null,
    val outboundThreads: Int? = null,
) {
    val baseUrl: String get() = "http://127.0.0.1:$port"
}
