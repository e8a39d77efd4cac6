package chatlab.system.stomp

import org.springframework.boot.context.properties.ConfigurationProperties

/**
 * The STOMP broker the relay forwards to (`chatlab.broker=relay`): RabbitMQ with its STOMP plugin or a standalone
 * Artemis (`STOMP_RELAY_HOST`, `_PORT`, `_LOGIN`, `_PASSCODE`, `_VHOST`); with no host, the embedded stack starts
 * Artemis and fills these in. The same login serves the relay's shared system session and every client's session.
 */
@ConfigurationProperties("chatlab.relay")
data class RelayProperties(
    val host: String = "",
    val port: Int = 61613,
    val login: String = "guest",
    val passcode: String = "guest",
    val virtualHost: String = "",
)
