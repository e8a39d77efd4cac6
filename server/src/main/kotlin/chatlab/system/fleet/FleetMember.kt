package chatlab.system.fleet

/**
 * One server instance of the fleet: the first is the one that started the others (and runs the backends). [deployment]
 * is the group it serves in, beside the fleet's own (`chatlab.fleet.deployments`); null for the fleet's own instances.
 */
data class FleetMember(val index: Int, val port: Int, val pid: Long, val deployment: Deployment? = null) {
    val baseUrl: String get() = "http://127.0.0.1:$port"
}
