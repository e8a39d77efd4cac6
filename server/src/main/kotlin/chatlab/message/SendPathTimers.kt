package chatlab.message

import chatlab.system.stomp.OutboundTap
import io.micrometer.core.instrument.MeterRegistry
import io.micrometer.core.instrument.Timer
import org.springframework.messaging.Message
import org.springframework.messaging.MessageChannel
import org.springframework.messaging.MessageHandler
import org.springframework.messaging.simp.stomp.StompHeaderAccessor
import org.springframework.messaging.support.MessageBuilder
import org.springframework.messaging.support.MessageHeaderAccessor
import org.springframework.stereotype.Component
import java.time.Duration
import java.time.Instant
import java.time.temporal.ChronoUnit
import java.util.concurrent.TimeUnit

/**
 * Where a message's time goes between a SEND and a member's delivery, in the server's own timers
 * (`chatlab.send.stage`, tag `stage`): `store`, the write to the message store; `broker`, from the broadcast's
 * publication to its arrival at a member session's outbound queue (the simple broker's fan-out, or the hop through the
 * relayed broker and back); `outbound`, from that queue to the frame written on the member's WebSocket (Spring's
 * `clientOutboundChannel` and the session's send buffer). The broadcast carries its publication time in the STOMP header
 * [PUBLISHED] (epoch microseconds, so it holds across instances on one clock).
 */
@Component
class SendPathTimers(registry: MeterRegistry) : OutboundTap {
    private val store = timer(registry, "store")
    private val broker = timer(registry, "broker")
    private val outbound = timer(registry, "outbound")

    /** Every stage's count and total time since the server started, in stage order (store, broker, outbound). */
    fun totals(): Map<String, StageTotal> =
        mapOf("store" to store, "broker" to broker, "outbound" to outbound).mapValues { (_, timer) -> StageTotal(timer.count(), timer.totalTime(TimeUnit.MILLISECONDS)) }

    /** Times the store write. */
    fun <T> storing(write: () -> T): T = store.recordCallable(write)!!

    /** The headers a broadcast carries: its publication time. */
    fun published(): Map<String, Any> = mapOf(PUBLISHED to nowMicros().toString())

    override fun preSend(message: Message<*>, channel: MessageChannel): Message<*> {
        val published = StompHeaderAccessor.getFirstNativeHeader(PUBLISHED, message.headers)?.toLongOrNull() ?: return message
        broker.record(Duration.ofNanos(((nowMicros() - published).coerceAtLeast(0)) * 1_000))
        val queued = System.nanoTime()
        // The simple broker leaves each member's copy mutable (so its publish-order decorator can mark it): the mark goes
        // in place. Copying every header (and minting a new id) per member was 30 % of the fan-out loop.
        val headers = MessageHeaderAccessor.getAccessor(message, MessageHeaderAccessor::class.java)
        if (headers != null && headers.isMutable) return message.also { headers.setHeader(QUEUED, queued) }
        return MessageBuilder.fromMessage(message).setHeader(QUEUED, queued).build()
    }

    override fun afterMessageHandled(message: Message<*>, channel: MessageChannel, handler: MessageHandler, ex: Exception?) {
        val queued = message.headers[QUEUED] as? Long ?: return
        outbound.record(Duration.ofNanos(System.nanoTime() - queued))
    }

    companion object {
        const val PUBLISHED = "chatlab-published"
        private const val QUEUED = "chatlab.queued"

        /** Wall-clock time in epoch microseconds: comparable across instances (and their clients) on one machine's clock. */
        fun nowMicros() = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now())

        private fun timer(registry: MeterRegistry, stage: String) = Timer.builder("chatlab.send.stage").tag("stage", stage)
            .description("a message's time in one stage from SEND to a member's delivery").publishPercentileHistogram().register(registry)
    }
}
