package chatlab.system.stomp

import org.springframework.boot.context.properties.ConfigurationProperties

/**
 * The STOMP broker the relay forwards to (`chatlab.broker=relay`): RabbitMQ with its STOMP plugin or a standalone
 * Artemis (`STOMP_RELAY_HOST`, `_PORT`, `_LOGIN`, `_PASSCODE`, `_VHOST`); with no host, the embedded stack starts
 * Artemis and fills these in. The same login serves the relay's shared system session and every client's session.
 * [virtualHost] is sent on every connection, in place of the client's own `host` header: a STOMP 1.2 client names the
 * server it connected to there (`host:localhost`), which RabbitMQ would take for a virtual host and refuse.
 */
@ConfigurationProperties("chatlab.relay")
data class RelayProperties(
    val host: String = "",
    val port: Int = 61613,
    val login: String = "guest",
    val passcode: String = "guest",
    val virtualHost: String = "/",
)
