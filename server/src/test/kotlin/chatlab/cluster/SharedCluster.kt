package chatlab.cluster

import org.junit.jupiter.api.extension.ExtensionContext
import org.junit.jupiter.api.extension.ParameterContext
import org.junit.jupiter.api.extension.ParameterResolver

/**
 * One [Cluster] of two instances for every cross-instance test of this JVM, started on first use and stopped when the
 * tests end. The broker is embedded Artemis unless `-Dchatlab.cluster.relay=host:port` names a running one (the machine's
 * RabbitMQ with its STOMP plugin: `.ci/run` runs the suite again that way when one answers). A test that kills a part
 * starts it again before it ends.
 */
class SharedCluster : ParameterResolver {

    override fun supportsParameter(parameter: ParameterContext, extension: ExtensionContext) = parameter.parameter.type == Cluster::class.java

    override fun resolveParameter(parameter: ParameterContext, extension: ExtensionContext): Any =
        extension.root.getStore(ExtensionContext.Namespace.GLOBAL).computeIfAbsent(Cluster::class.java, { Holder(start()) }, Holder::class.java).cluster

    /** Stopped by JUnit when the root context closes, i.e. after the last test. */
    private class Holder(val cluster: Cluster) : AutoCloseable {
        override fun close() = cluster.close()
    }

    companion object {
        /** `host:port` of an external broker to relay to, or null for the embedded Artemis. */
        val relay: String? = System.getProperty("chatlab.cluster.relay")?.takeIf { it.isNotBlank() }

        private fun start(): Cluster {
            val external = relay?.split(':')
            return Cluster(2, relayHost = external?.get(0), relayPort = external?.getOrNull(1)?.toInt() ?: 61613).start()
        }
    }
}
