package chatlab.system.fleet

import chatlab.system.stomp.Broker
import chatlab.system.stomp.StompProperties
import org.springframework.boot.context.properties.bind.Bindable
import org.springframework.boot.context.properties.bind.Binder
import org.springframework.core.env.Environment

/**
 * A group of server instances the fleet starts beside its own, so that one run can load several deployments in turn
 * (the fan-out experiment): [instances] instances of their own, on the first instance's backends, whose room broadcasts
 * go through [broker], each writing to its clients on [outboundThreads] threads when set (else as the first instance
 * does: `chatlab.stomp.outbound-threads`, by default Spring's twice the cores). Written `<broker>:<instances>`, e.g.
 * `relay:2`, or `<broker>:<instances>:outbound=<threads>`, e.g. `simple:1:outbound=8`, so that one run loads the same
 * deployment with two outbound pools side by side; [name] is how plans and reports name it (`relay-2`, `simple-1-outbound8`).
 */
data class Deployment(val broker: Broker, val instances: Int, val outboundThreads: Int? = null) {
    val name: String get() = "${broker.key}-$instances" + (outboundThreads?.let { "-outbound$it" } ?: "")

    init {
        require(instances in 1..FleetProperties.MAX) { "a deployment has 1 to ${FleetProperties.MAX} instances, '$name' has $instances" }
        require(broker == Broker.RELAY || instances == 1) { "deployment '$name': the in-memory simple broker reaches one instance only; use relay:$instances" }
        require(outboundThreads == null || outboundThreads in 1..StompProperties.MAX_THREADS) {
            "deployment '$name': outbound=<threads> takes 1 to ${StompProperties.MAX_THREADS} threads"
        }
    }

    companion object {
        private const val FORMAT = "<simple|relay>:<instances>[:outbound=<threads>], e.g. relay:2 or simple:1:outbound=8"

        fun parse(text: String): Deployment {
            val parts = text.trim().split(':')
            require(parts.size in 2..3) { "chatlab.fleet.deployments: '$text' is not $FORMAT" }
            val broker = Broker.entries.firstOrNull { it.key.equals(parts[0].trim(), ignoreCase = true) }
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

        /** `chatlab.fleet.deployments` as the environment holds it, before the properties are bound (the stack needs it early). */
        fun listOf(env: Environment): List<Deployment> =
            Binder.get(env).bind("chatlab.fleet.deployments", Bindable.listOf(String::class.java)).orElse(emptyList())
                .filter { it.isNotBlank() }.map(::parse)
    }
}
