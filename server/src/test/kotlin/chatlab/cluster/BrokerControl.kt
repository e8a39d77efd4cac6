package chatlab.cluster

import java.util.concurrent.TimeUnit

/**
 * How a fault drill stops, kills and starts the broker: the embedded Artemis's own process by default, or shell commands
 * for a broker this test does not own (`-Dchatlab.cluster.brokerStop`, `…brokerKill`, `…brokerStart`; for the machine's
 * RabbitMQ, `.ci/run` passes `rabbitmqctl stop_app`, a SIGKILL of its node and `rabbitmq-server -detached`), or null
 * when the broker cannot be driven here.
 */
interface BrokerControl {
    fun stop()
    fun kill()
    fun start()

    companion object {
        fun of(cluster: Cluster): BrokerControl? {
            if (SharedCluster.relay == null) return object : BrokerControl {
                override fun stop() = cluster.broker.stop()
                override fun kill() = cluster.broker.kill()
                override fun start() = cluster.startBroker()
            }
            val commands = listOf("brokerStop", "brokerKill", "brokerStart").map { System.getProperty("chatlab.cluster.$it")?.takeIf(String::isNotBlank) }
            if (commands.any { it == null }) return null
            val (stop, kill, start) = commands.map { it!! }
            return object : BrokerControl {
                override fun stop() = sh(stop)
                override fun kill() = sh(kill)
                override fun start() = sh(start)
            }
        }

        private fun sh(command: String) {
            val process = ProcessBuilder("sh", "-c", command).inheritIO().start()
            check(process.waitFor(120, TimeUnit.SECONDS) && process.exitValue() == 0) { "'$command' failed" }
        }
    }
}
