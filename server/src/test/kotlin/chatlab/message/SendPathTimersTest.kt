package chatlab.message

import io.micrometer.core.instrument.simple.SimpleMeterRegistry
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.messaging.Message
import org.springframework.messaging.MessageHandler
import org.springframework.messaging.simp.SimpMessageHeaderAccessor
import org.springframework.messaging.simp.SimpMessageType
import org.springframework.messaging.support.ExecutorSubscribableChannel
import org.springframework.messaging.support.MessageBuilder

class SendPathTimersTest {
    private val registry = SimpleMeterRegistry()
    private val timers = SendPathTimers(registry)
    private val channel = ExecutorSubscribableChannel()
    private val handler = MessageHandler { }

    private fun outboundCount() = registry.find("chatlab.send.stage").tag("stage", "outbound").timer()!!.count()

    /** A member's copy as the simple broker makes it: a MESSAGE whose headers stay mutable, carrying the publication time. */
    private fun memberCopy(mutable: Boolean): Message<ByteArray> {
        val headers = SimpMessageHeaderAccessor.create(SimpMessageType.MESSAGE).apply {
            sessionId = "s1"
            subscriptionId = "sub-0"
            addNativeHeader(SendPathTimers.PUBLISHED, SendPathTimers.nowMicros().toString())
            setLeaveMutable(mutable)
        }
        return MessageBuilder.createMessage("{}".toByteArray(), headers.messageHeaders)
    }

    @Test
    fun `a member's copy the broker left mutable is marked in place, and its write is timed`() {
        val copy = memberCopy(mutable = true)
        val queued = timers.preSend(copy, channel)
        assertThat(queued).isSameAs(copy)
        timers.afterMessageHandled(queued, channel, handler, null)
        assertThat(outboundCount()).isEqualTo(1)
    }

    @Test
    fun `a copy whose headers are sealed is marked on a new message, and its write is timed all the same`() {
        val copy = memberCopy(mutable = false)
        val queued = timers.preSend(copy, channel)
        assertThat(queued).isNotSameAs(copy)
        assertThat(copy.headers).doesNotContainKey("chatlab.queued")
        timers.afterMessageHandled(queued, channel, handler, null)
        assertThat(outboundCount()).isEqualTo(1)
    }

    @Test
    fun `a frame without a publication time, such as an error or a receipt, is left alone and not timed`() {
        val receipt = MessageBuilder.createMessage(ByteArray(0), SimpMessageHeaderAccessor.create(SimpMessageType.OTHER).messageHeaders)
        assertThat(timers.preSend(receipt, channel)).isSameAs(receipt)
        timers.afterMessageHandled(receipt, channel, handler, null)
        assertThat(outboundCount()).isEqualTo(0)
    }
}
