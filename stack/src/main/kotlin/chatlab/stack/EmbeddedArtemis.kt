package chatlab.stack

import org.apache.activemq.artemis.api.core.SimpleString
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ
import org.apache.activemq.artemis.core.settings.impl.AddressSettings
import org.slf4j.LoggerFactory
import java.nio.file.Files
import java.nio.file.Path

/**
 * A real message broker for the STOMP relay: Apache ActiveMQ Artemis, embedded, with one STOMP acceptor on a loopback
 * port. `/topic/…` destinations are multicast (every subscriber gets a copy) and `/queue/…` anycast, the names
 * RabbitMQ's STOMP plugin gives them too. Nothing is persisted: a chat broadcast is only ever live, history lives in
 * the stores. A connection that negotiated no heart-beats (the relay's, for a client that asked for none) is cut after an
 * hour of silence rather than Artemis's default minute: a client that merely listens to a quiet room keeps its session.
 */
class EmbeddedArtemis private constructor(private val dir: Path, val port: Int) : EmbeddedService {
    override val backend = Backend.BROKER

    override val properties: Map<String, Any> = mapOf(
        "chatlab.relay.host" to "127.0.0.1",
        "chatlab.relay.port" to port,
    )

    @Volatile private var server: EmbeddedActiveMQ? = null

    /**
     * Starts the broker on its port (again, after [stop], as a restart would: with no subscriptions). Artemis only logs an
     * acceptor that could not bind and starts anyway; a broker nobody can reach is no broker, so that is a [PortTaken].
     */
    @Synchronized
    fun start(): EmbeddedArtemis {
        if (server != null) return this
        val config = ConfigurationImpl().apply {
            name = "chatlab-artemis"
            isPersistenceEnabled = false
            isSecurityEnabled = false
            isJMXManagementEnabled = false
            brokerInstance = dir.toFile()
            addAcceptorConfiguration("stomp", "tcp://127.0.0.1:$port?protocols=STOMP;anycastPrefix=/queue/;multicastPrefix=/topic/;connectionTtl=$SILENT_TTL_MS")
            // As Artemis's own default broker.xml: without them it warns twice for every queue a subscription creates.
            addAddressSetting("#", AddressSettings().setDeadLetterAddress(SimpleString.of("DLQ")).setExpiryAddress(SimpleString.of("ExpiryQueue")))
        }
        val started = EmbeddedActiveMQ().setConfiguration(config).start()
        if (started.activeMQServer.remotingService.getAcceptor("stomp")?.isStarted != true) {
            started.stop()
            throw PortTaken(port)
        }
        server = started
        log.info("Embedded Artemis {} accepting STOMP on 127.0.0.1:{}", version, port)
        return this
    }

    /** Stops the broker, as an outage would: every connection to it closes. */
    @Synchronized
    fun stop() {
        server?.stop()
        server = null
    }

    override fun close() {
        log.info("Stopping embedded Artemis")
        stop()
    }

    companion object {
        private val log = LoggerFactory.getLogger(EmbeddedArtemis::class.java)
        private const val SILENT_TTL_MS = 3_600_000L

        val version: String by lazy { EmbeddedActiveMQ::class.java.`package`.implementationVersion ?: "unknown" }

        fun start(dir: Path, port: Int): EmbeddedArtemis =
            EmbeddedArtemis(Files.createDirectories(dir.resolve("artemis")), port).start()

        /**
         * On a free port. Another process may take a port between its choice and the bind (an outgoing connection's local
         * port comes from the same range: seen once under load), so a port found taken is given up for another.
         */
        fun startOnFreePort(dir: Path, attempts: Int = 3): EmbeddedArtemis {
            repeat(attempts - 1) {
                try {
                    return start(dir, FreePort.find())
                } catch (e: PortTaken) {
                    log.warn("{}; trying another port", e.message)
                }
            }
            return start(dir, FreePort.find())
        }
    }
}

/** The broker's STOMP acceptor could not bind its port: another process holds it. */
class PortTaken(port: Int) : IllegalStateException("Artemis could not bind STOMP to 127.0.0.1:$port, which another process holds")
