package chatlab.system.fleet

import chatlab.system.stomp.Broker
import org.springframework.boot.context.properties.bind.Bindable
import org.springframework.boot.context.properties.bind.Binder
import org.springframework.core.env.Environment

/**
 * A group of server instances the fleet starts beside its own, so that one run can load several deployments in turn
 * (the fan-out experiment): [instances] instances of their own, on the first instance's backends, whose room broadcasts
 * go through [broker]. Written `<broker>:<instances>`, e.g. `relay:2`; [name] is how plans and reports name it.
 */
data class Deployment(val broker: Broker, val instances: Int) {
    val name: String get() = "${broker.key}-$instances"

    init {
        require(instances in 1..FleetProperties.MAX) { "a deployment has 1 to ${FleetProperties.MAX} instances, '$name' has $instances" }
        require(broker == Broker.RELAY || instances == 1) { "deployment '$name': the in-memory simple broker reaches one instance only; use relay:$instances" }
    }

    companion object {
        private const val FORMAT = "<simple|relay>:<instances>, e.g. relay:2"

        fun parse(text: String): Deployment {
            val parts = text.trim().split(':')
            require(parts.size == 2) { "chatlab.fleet.deployments: '$text' is not $FORMAT" }
            val broker = Broker.entries.firstOrNull { it.key.equals(parts[0].trim(), ignoreCase = true) }
                ?: throw IllegalArgumentException("chatlab.fleet.deployments: '$text' names no broker; $FORMAT")
            val instances = parts[1].trim().toIntOrNull()
                ?: throw IllegalArgumentException("chatlab.fleet.deployments: '$text' has no instance count; $FORMAT")
            return Deployment(broker, instances)
        }

        /** `chatlab.fleet.deployments` as the environment holds it, before the properties are bound (the stack needs it early). */
        fun listOf(env: Environment): List<Deployment> =
            Binder.get(env).bind("chatlab.fleet.deployments", Bindable.listOf(String::class.java)).orElse(emptyList())
                .filter { it.isNotBlank() }.map(::parse)
    }
}
