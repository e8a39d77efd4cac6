package chatlab.system.info

import chatlab.system.stomp.RelayProperties
import org.springframework.messaging.simp.stomp.ReactorNettyTcpStompClient
import org.springframework.messaging.simp.stomp.StompHeaders
import org.springframework.messaging.simp.stomp.StompSession
import org.springframework.messaging.simp.stomp.StompSessionHandlerAdapter
import java.util.concurrent.CompletableFuture
import java.util.concurrent.TimeUnit

/** Opens a STOMP connection of its own to the relayed broker and reads how it names itself, then leaves. */
object BrokerHello {
    fun server(relay: RelayProperties): String {
        val client = ReactorNettyTcpStompClient(relay.host, relay.port)
        try {
            val headers = StompHeaders().apply {
                login = relay.login
                passcode = relay.passcode
                host = relay.virtualHost.ifBlank { null }
            }
            val name = CompletableFuture<String>()
            val session = client.connectAsync(headers, object : StompSessionHandlerAdapter() {
                override fun afterConnected(session: StompSession, connected: StompHeaders) {
                    name.complete(connected.getFirst("server") ?: "unknown/unknown")
                }

                override fun handleTransportError(session: StompSession, exception: Throwable) {
                    name.completeExceptionally(exception)
                }
            }).get(TIMEOUT_SECONDS, TimeUnit.SECONDS)
            return name.get(TIMEOUT_SECONDS, TimeUnit.SECONDS).also { session.disconnect() }
        } finally {
            client.shutdown()
        }
    }

    private const val TIMEOUT_SECONDS = 3L
}
