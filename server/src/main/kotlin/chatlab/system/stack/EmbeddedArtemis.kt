package chatlab.system.stack

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

    /** Starts the broker on its port (again, after [stop], as a restart would: with no subscriptions). */
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
        server = EmbeddedActiveMQ().setConfiguration(config).start()
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

        fun start(dir: Path, port: Int = FreePort.find()): EmbeddedArtemis =
            EmbeddedArtemis(Files.createDirectories(dir.resolve("artemis")), port).start()
    }
}
