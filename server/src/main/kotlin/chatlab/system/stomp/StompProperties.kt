package chatlab.system.stomp

import org.springframework.boot.context.properties.ConfigurationProperties
import org.springframework.util.unit.DataSize
import java.time.Duration

/**
 * `chatlab.stomp.*`: how the server writes to its STOMP clients. [outboundThreads] sizes the pool of Spring's
 * `clientOutboundChannel`, which writes every frame to its session's WebSocket (a room broadcast is one write per
 * member); null keeps Spring's default, twice the cores. A fan-out deployment can set its own (`simple:1:outbound=8`).
 * [unreadLimit]: how much may be written to a client that has not shown it read it (by answering a ping) before its
 * session is closed; at 300 messages/s of 3 KB, 8 MB is 9 s of not reading. [pongTimeout]: how long a ping may go
 * unanswered while frames are sent before the session is closed, so a client that reads slower than its rooms are
 * written is cut before it is twice that far behind. [inlineWriteLimit]: up to how many bytes
 * not yet proven read a frame is written on the outbound thread with the blocking send, which cannot wait while they fit
 * in the socket's send buffer (16 KB to start with, `net.ipv4.tcp_wmem`); beyond them, or at 0, asynchronously.
 */
@ConfigurationProperties("chatlab.stomp")
data class StompProperties(
    val outboundThreads: Int? = null,
    val unreadLimit: DataSize = DataSize.ofMegabytes(8),
    val pongTimeout: Duration = Duration.ofSeconds(10),
    val inlineWriteLimit: DataSize = DataSize.ofKilobytes(16),
) {
    init {
        require(outboundThreads == null || outboundThreads in 1..MAX_THREADS) {
            "chatlab.stomp.outbound-threads must be between 1 and $MAX_THREADS, was $outboundThreads"
        }
        require(unreadLimit.toBytes() >= MIN_UNREAD.toBytes()) { "chatlab.stomp.unread-limit must be at least $MIN_UNREAD, was $unreadLimit" }
        require(pongTimeout >= MIN_PONG_TIMEOUT) { "chatlab.stomp.pong-timeout must be at least $MIN_PONG_TIMEOUT, was $pongTimeout" }
        require(inlineWriteLimit.toBytes() >= 0) { "chatlab.stomp.inline-write-limit must not be negative, was $inlineWriteLimit" }
    }

    companion object {
        const val MAX_THREADS = 256
        val MIN_UNREAD: DataSize = DataSize.ofKilobytes(64)
        val MIN_PONG_TIMEOUT: Duration = Duration.ofSeconds(1)
    }
}
