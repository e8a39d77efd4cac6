package chatlab.system.fleet

/** One server instance of the fleet: the first is the one that started the others (and runs the backends). */
data class FleetMember(val index: Int, val port: Int, val pid: Long) {
    val baseUrl: String get() = "http://127.0.0.1:$port"
}
