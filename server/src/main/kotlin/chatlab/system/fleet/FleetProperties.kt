package chatlab.system.fleet

import org.springframework.boot.context.properties.ConfigurationProperties
import java.nio.file.Path
import java.time.Duration

/** `chatlab.fleet.*`: how many server instances this one starts, itself included, for a load run across instances. */
@ConfigurationProperties("chatlab.fleet")
data class FleetProperties(
    /** Instances in all (1: this one alone, the default). More than one relays room broadcasts through a broker. */
    val instances: Int = 1,
    /** This instance's place in the fleet (1: the first, which starts the others and runs the backends). */
    val member: Int = 1,
    /** The heap of each further instance (it holds no backend: the first instance runs them). */
    val heap: String = "1g",
    /** Where each further instance writes its output, `chatlab-instance-<n>.log` (default: a temporary folder, named in the log). */
    val logs: Path? = null,
    /** How long each further instance may take to become ready. */
    val startTimeout: Duration = Duration.ofMinutes(3),
    /**
     * Further groups of instances beside this fleet, each `<broker>:<instances>` (e.g. `simple:1,relay:1,relay:2`): for
     * a run that loads several deployments in turn. Empty: none (the default).
     */
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
    }
}
