package chatlab.system.stomp

import org.springframework.boot.context.properties.ConfigurationProperties

/**
 * `chatlab.stomp.*`: how the server writes to its STOMP clients. [outboundThreads] sizes the pool of Spring's
 * `clientOutboundChannel`, which writes every frame to its session's WebSocket (a room broadcast is one write per
 * member); null keeps Spring's default, twice the cores. A fan-out deployment can set its own (`simple:1:outbound=8`).
 */
@ConfigurationProperties("chatlab.stomp")
data class StompProperties(val outboundThreads: Int? = null) {
    init {
        require(outboundThreads == null || outboundThreads in 1..MAX_THREADS) {
            "chatlab.stomp.outbound-threads must be between 1 and $MAX_THREADS, was $outboundThreads"
        }
    }

    companion object {
        const val MAX_THREADS = 256
    }
}
