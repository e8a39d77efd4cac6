package chatlab.plans

import groovy.lang.Binding
import groovy.lang.GroovyShell
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.nio.file.Path
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.Properties
import java.util.concurrent.atomic.AtomicBoolean
import java.util.concurrent.atomic.AtomicInteger

/** A member's read of the fan-out plan (`scripts/fanout-delivery.groovy`) on JMeter's Groovy: what becomes a delivery sample. */
class FanoutDeliveryScriptTest {

    /** The read sampler's result as the script sees it (`prev`). */
    class Read(private val frame: String) {
        var ignored = false
        var passed = true
        var message = ""
        var label = "stomp read frame"
        var start = 1_000L
        var end = 1_020L
        fun getResponseDataAsString() = frame
        fun setIgnore() { ignored = true }
        fun setSuccessful(value: Boolean) { passed = value }
        fun setResponseMessage(value: String) { message = value }
        fun getEndTime() = end
        fun setStartTime(value: Long) { start = value }
        fun setEndTime(value: Long) { end = value }
        fun setSampleLabel(value: String) { label = value }
        fun isSuccessful() = passed
        fun getSampleLabel() = label
        fun getTime() = end - start
    }

    /** The running step as open-model-schedules.groovy keeps it, with the recorder of step-record.groovy. */
    private val step = mapOf("times" to ConcurrentLinkedQueue<Long>(), "failed" to AtomicBoolean())
    private val props = Properties().also { props ->
        props["chatlab.current"] = mapOf("key" to "10 members on relay-2 capacity@500", "warmup" to false)
        props["chatlab.steps"] = mapOf("10 members on relay-2 capacity@500" to step)
        props["chatlab.record"] = GroovyShell(Binding().apply { setVariable("props", props) })
            .evaluate(Path.of("src/test/jmeter/scripts/step-record.groovy").toFile())
    }

    private fun read(frame: String, lostAt: Long = Long.MAX_VALUE): Pair<Read, FanoutAuditScriptTest.Vars> {
        val state = mapOf("room" to 80L, "sendEndsAt" to Long.MAX_VALUE, "lostAt" to lostAt, "sending" to AtomicInteger(1), "sent" to ConcurrentLinkedQueue<String>())
        val vars = FanoutAuditScriptTest.Vars(mutableMapOf("fanout" to state, "received" to mutableListOf<Any>(), "listening" to "true",
            "path" to "10 members on relay-2", "shape" to "capacity@500", "measured" to "delivery"))
        val prev = Read(frame)
        GroovyShell(Binding().apply { setVariable("vars", vars); setVariable("prev", prev); setVariable("props", props) })
            .evaluate(Path.of("src/test/jmeter/scripts/fanout-delivery.groovy").toFile())
        return prev to vars
    }

    @Test
    fun `a heart-beat is no sample and the member reads on`() {
        for (frame in listOf("", "\n", "\r\n\n")) {
            val (prev, vars) = read(frame)
            assertThat(prev.ignored).describedAs("frame %s", frame.replace("\n", "\\n")).isTrue()
            assertThat(prev.passed).isTrue()
            assertThat(vars.get("listening")).isEqualTo("true")
        }
        assertThat(step["times"] as Collection<*>).describedAs("a read that found nothing is no time of the step").isEmpty()
        val (_, near) = read("", lostAt = System.currentTimeMillis() + 5_000)
        assertThat(near.get("readTimeout")!!.toLong()).describedAs("an idle member reads on until the step's lostAt, not past it")
            .isBetween(4_000L, 5_000L)
        val (_, late) = read("", lostAt = System.currentTimeMillis() - 10)
        assertThat(late.get("readTimeout")).describedAs("a read after lostAt still has a positive timeout").isEqualTo("1")
    }

    @Test
    fun `a message of the room is one delivery timed from its SEND, anything else fails and ends the reading`() {
        val message = "MESSAGE\ndestination:/topic/chat-rooms.80\n\n" +
            """{"id":7,"roomId":80,"sentAt":"2026-11-25T00:00:00Z","clientMessageId":"fanout-t-1","content":"fanout 900"}""" + "\u0000"
        val (delivered, _) = read(message)
        assertThat(delivered.passed).isTrue()
        assertThat(delivered.label).isEqualTo("delivery [10 members on relay-2] capacity@500")
        assertThat(delivered.start).describedAs("from the send time the message carries").isEqualTo(900L)
        assertThat(step["times"] as Collection<*>).describedAs("the step keeps the delivery's time, as its listener would").containsExactly(120L)
        assertThat((step["failed"] as AtomicBoolean).get()).isFalse()
        val (error, vars) = read("ERROR\nmessage:gone\n\n\u0000")
        assertThat(error.passed).isFalse()
        assertThat(error.message).startsWith("expected a MESSAGE, got: ERROR")
        assertThat(vars.get("listening")).isEqualTo("false")
        assertThat((step["failed"] as AtomicBoolean).get()).describedAs("a wrong frame fails the step").isTrue()
        assertThat(step["times"] as Collection<*>).describedAs("and is no delivery time").containsExactly(120L)
    }
}
