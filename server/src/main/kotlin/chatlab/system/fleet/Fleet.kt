package chatlab.system.fleet

import org.springframework.boot.context.event.ApplicationReadyEvent
import org.springframework.boot.context.properties.bind.Bindable
import org.springframework.boot.context.properties.bind.Binder
import org.springframework.context.event.EventListener
import org.springframework.core.env.Environment
import org.springframework.stereotype.Component

/**
 * The server instances this one answers for. Further instances (`chatlab.fleet.instances` > 1, `chatlab.fleet.deployments`)
 * are started by the bench's launcher (the `stack` module, on the class path of the load run and the tests), which lists
 * them in the environment under `chatlab.fleet.started[i]` once each is ready; the chat server's own jar starts none
 * and refuses to start when asked for some, naming what to do instead. [members] lists them all, this one first;
 * [own] the fleet's own, [deployments] the further groups by name.
 */
@Component
class Fleet(private val env: Environment) {

    init {
        val instances = env.getProperty(INSTANCES, Int::class.java, 1)
        val deployments = env.getProperty(DEPLOYMENTS).orEmpty().isNotBlank()
        check((instances <= 1 && !deployments) || env.containsProperty(LAUNCHER)) {
            "$INSTANCES=$instances${if (deployments) " with $DEPLOYMENTS" else ""} asks for further instances, which only the bench's fleet " +
                "launcher starts (the stack module on the class path, as in the load run and the tests); without it, start each instance " +
                "yourself on one set of backends (server/README.md, Several instances)"
        }
    }

    /** The list once the server is ready: the launcher has then started every instance, so it no longer changes. */
    @Volatile private var ready: List<FleetMember>? = null

    /** Every instance, this one first; just this one unless the launcher started others. */
    fun members(): List<FleetMember> = ready ?: read()

    @EventListener(ApplicationReadyEvent::class)
    fun onReady() {
        ready = read()
    }

    private fun read(): List<FleetMember> =
        listOf(FleetMember(1, env.getProperty("local.server.port", Int::class.java, 0), ProcessHandle.current().pid())) +
            Binder.get(env).bind(STARTED, Bindable.listOf(FleetMember::class.java)).orElse(null).orEmpty()

    /** The fleet's own instances (`chatlab.fleet.instances`), this one first. */
    fun own(): List<FleetMember> = members().filter { it.deployment == null }

    /** Each further group of instances (`chatlab.fleet.deployments`, in its order) by name, with its instances. */
    fun deployments(): Map<String, List<FleetMember>> = members().filter { it.deployment != null }.groupBy { it.deployment!! }

    companion object {
        private const val INSTANCES = "chatlab.fleet.instances"
        private const val DEPLOYMENTS = "chatlab.fleet.deployments"
        private const val STARTED = "chatlab.fleet.started"
        /** Set by the bench's launcher when it is on the class path. */
        private const val LAUNCHER = "chatlab.fleet.launcher"
    }
}
