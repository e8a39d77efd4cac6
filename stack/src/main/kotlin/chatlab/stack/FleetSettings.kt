package chatlab.stack

import org.springframework.boot.context.properties.bind.Bindable
import org.springframework.boot.context.properties.bind.Binder
import org.springframework.core.env.Environment
import java.nio.file.Path
import java.time.Duration

/** `chatlab.fleet.*`: how many server instances the first one starts, itself included, for a load run across instances. */
data class FleetSettings(
    /** Instances in all (1: this one alone, the default). More than one relays room broadcasts through a broker. */
    val instances: Int = 1,
    /** The heap of each further instance (it holds no backend: the first instance runs them). */
    val heap: String = "1g",
    /** Where each further instance writes its output, `chatlab-instance-<n>.log` (default: a temporary folder, named in the log). */
    val logs: Path? = null,
    /** How long each further instance may take to become ready. */
    val startTimeout: Duration = Duration.ofMinutes(3),
    /** Further groups of instances beside this fleet, each a [Deployment] (e.g. `simple:1,relay:1,relay:2`). */
    val deployments: List<String> = emptyList(),
) {
    /** [deployments], parsed. */
    val groups: List<Deployment> = deployments.filter { it.isNotBlank() }.map(Deployment::parse)

    init {
        require(instances in 1..MAX) { "chatlab.fleet.instances must be between 1 and $MAX, was $instances" }
        val all = instances + groups.sumOf { it.instances }
        require(all <= MAX) { "chatlab.fleet.instances and chatlab.fleet.deployments start $all instances in all; at most $MAX" }
    }

    companion object {
        const val MAX = 8

        /** Bound one setting at a time (relaxed names, defaults from the class), so that binding needs no Kotlin reflection. */
        fun from(env: Environment): FleetSettings {
            val binder = Binder.get(env)
            val defaults = FleetSettings()
            return FleetSettings(
                instances = binder.bind("chatlab.fleet.instances", Int::class.java).orElse(null) ?: defaults.instances,
                heap = binder.bind("chatlab.fleet.heap", String::class.java).orElse(null) ?: defaults.heap,
                logs = binder.bind("chatlab.fleet.logs", Path::class.java).orElse(null) ?: defaults.logs,
                startTimeout = binder.bind("chatlab.fleet.start-timeout", Duration::class.java).orElse(null) ?: defaults.startTimeout,
                deployments = binder.bind("chatlab.fleet.deployments", Bindable.listOf(String::class.java)).orElse(null) ?: defaults.deployments,
            )
        }
    }
}
