package chatlab.stack

/**
 * A group of server instances the launcher starts beside the fleet's own, so that one run can load several deployments
 * in turn (the fan-out experiment): [instances] instances of their own, on the first instance's backends, whose room
 * broadcasts go through [broker] (`simple` or `relay`), each writing to its clients on [outboundThreads] threads when set
 * (else as the first instance does). Written `<broker>:<instances>`, e.g. `relay:2`, or
 * `<broker>:<instances>:outbound=<threads>`, e.g. `simple:1:outbound=8`, so that one run loads the same deployment with
 * two outbound pools side by side; [name] is how plans and reports name it (`relay-2`, `simple-1-outbound8`).
 */
data class Deployment(val broker: String, val instances: Int, val outboundThreads: Int? = null) {
    val name: String get() = "$broker-$instances" + (outboundThreads?.let { "-outbound$it" } ?: "")

    init {
        require(broker in BROKERS) { "deployment '$name' names no broker; $FORMAT" }
        require(instances in 1..FleetSettings.MAX) { "a deployment has 1 to ${FleetSettings.MAX} instances, '$name' has $instances" }
        require(broker == RELAY || instances == 1) { "deployment '$name': the in-memory simple broker reaches one instance only; use relay:$instances" }
        require(outboundThreads == null || outboundThreads >= 1) { "deployment '$name': outbound=<threads> takes a thread count of 1 or more" }
    }

    companion object {
        const val RELAY = "relay"
        const val SIMPLE = "simple"
        private val BROKERS = setOf(SIMPLE, RELAY)
        private const val FORMAT = "<simple|relay>:<instances>[:outbound=<threads>], e.g. relay:2 or simple:1:outbound=8"

        fun parse(text: String): Deployment {
            val parts = text.trim().split(':')
            require(parts.size in 2..3) { "chatlab.fleet.deployments: '$text' is not $FORMAT" }
            val broker = parts[0].trim().lowercase().takeIf { it in BROKERS }
                ?: throw IllegalArgumentException("chatlab.fleet.deployments: '$text' names no broker; $FORMAT")
            val instances = parts[1].trim().toIntOrNull()
                ?: throw IllegalArgumentException("chatlab.fleet.deployments: '$text' has no instance count; $FORMAT")
            val outbound = parts.getOrNull(2)?.let { option ->
                val (key, value) = option.split('=', limit = 2).map { it.trim() } + listOf("")
                require(key.equals("outbound", ignoreCase = true)) { "chatlab.fleet.deployments: '$text' has an option other than outbound=<threads>; $FORMAT" }
                value.toIntOrNull() ?: throw IllegalArgumentException("chatlab.fleet.deployments: '$text' has no outbound thread count; $FORMAT")
            }
            return Deployment(broker, instances, outbound)
        }
    }
}
