package chatlab.stack

import org.springframework.boot.context.properties.bind.Binder
import org.springframework.core.env.Environment
import java.nio.file.Path

/**
 * How the stack is chosen: `embedded` (the default) starts every backend whose URL variable is unset;
 * `external` starts nothing and uses the configured URLs (localhost defaults).
 */
data class StackSettings(
    val mode: String = "embedded",
    val dir: Path? = null,
) {
    fun isExternal(): Boolean = mode.equals("external", ignoreCase = true)

    /**
     * The backends this process must start itself: a broker only for a relay (this fleet's, or a further deployment's:
     * `chatlab.fleet.deployments`), and only when none is configured.
     */
    fun embeddedBackends(env: Environment): Set<Backend> {
        if (isExternal()) return emptySet()
        val relays = relays(env)
        return Backend.entries.filter { env.getProperty(it.urlVariable).isNullOrBlank() }
            .filter { it != Backend.BROKER || (relays && env.getProperty("chatlab.relay.host").isNullOrBlank()) }
            .toSet()
    }

    companion object {
        /**
         * Whether any instance relays its broadcasts: `chatlab.broker=relay`, several instances (which relay when no broker
         * is named), or a further deployment `relay:<n>` in `chatlab.fleet.deployments`. The chat server validates these
         * settings; this reads only what decides whether a broker must run.
         */
        private fun relays(env: Environment): Boolean {
            val broker = env.getProperty("chatlab.broker")?.trim().orEmpty()
            val fleet = FleetSettings.from(env)
            return broker.equals(Deployment.RELAY, ignoreCase = true) || (broker.isEmpty() && fleet.instances > 1) ||
                fleet.groups.any { it.broker == Deployment.RELAY }
        }

        fun from(env: Environment): StackSettings {
            val settings = Binder.get(env).bind("chatlab.stack", StackSettings::class.java).orElse(null) ?: StackSettings()
            require(settings.mode.lowercase() in setOf("embedded", "external")) {
                "chatlab.stack.mode must be 'embedded' or 'external', was '${settings.mode}'"
            }
            return settings
        }
    }
}
