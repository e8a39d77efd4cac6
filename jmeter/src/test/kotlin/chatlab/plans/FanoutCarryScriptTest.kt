package chatlab.plans

import groovy.lang.Binding
import groovy.lang.GroovyShell
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.nio.file.Path
import java.util.Properties
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.atomic.AtomicLong
import kotlin.concurrent.thread

/**
 * A fan-out step's messages, each an arrival of the open model (`scripts/fanout-arrival.groovy`), handed to the senders
 * that hold their connections and take them in turn (`scripts/fanout-carry.groovy`).
 */
class FanoutCarryScriptTest {
    private val scripts = Path.of("src/test/jmeter/scripts")

    /** A step of one member and [senders] senders, already arrived, whose sending time ends [endsIn] ms from now, held [hold] ms more. */
    private fun step(senders: Int, endsIn: Long, hold: Long = 0): Map<String, Any> {
        val sendEndsAt = System.currentTimeMillis() + endsIn
        return mapOf(
            "room" to 80L, "members" to 1, "senders" to senders, "ports" to listOf("8080"), "tag" to "t", "arrivals" to AtomicInteger(senders + 1),
            "holding" to AtomicInteger(senders), "outbox" to java.util.ArrayDeque<Long>(), "offered" to AtomicInteger(), "carried" to AtomicInteger(),
            "queued" to AtomicLong(), "sendEndsAt" to sendEndsAt, "holdUntil" to sendEndsAt + hold,
        )
    }

    /** A message arrives: the arrival script's sample. */
    private fun arrive(state: Map<String, Any>): FanoutAuditScriptTest.Result {
        val result = FanoutAuditScriptTest.Result()
        val props = Properties().apply { this["chatlab.current"] = mapOf("fanout" to state, "path" to "1 members", "label" to "capacity@10") }
        GroovyShell(Binding().apply {
            setVariable("vars", FanoutAuditScriptTest.Vars(mutableMapOf("scripts" to scripts.toString())))
            setVariable("props", props)
            setVariable("SampleResult", result)
        }).evaluate(scripts.resolve("fanout-arrival.groovy").toFile())
        return result
    }

    /** A sender takes its next message: the variables the plan's loop then reads. */
    private fun carry(state: Map<String, Any>): Map<String, Any?> {
        val values = mutableMapOf<String, Any?>("fanout" to state, "holding" to "true")
        GroovyShell(Binding().apply {
            setVariable("vars", FanoutAuditScriptTest.Vars(values))
            setVariable("SampleResult", FanoutAuditScriptTest.Result())
        }).evaluate(scripts.resolve("fanout-carry.groovy").toFile())
        return values
    }

    @Test
    fun `a sender waits for the next message, and each message goes to one sender with an id of its own`() {
        val state = step(senders = 2, endsIn = 60_000)
        val taken = mutableListOf<Map<String, Any?>>()
        val senders = (1..2).map { thread { carry(state).also { synchronized(taken) { taken += it } } } }
        while (senders.any { it.state != Thread.State.WAITING && it.state != Thread.State.TIMED_WAITING }) Thread.onSpinWait()
        assertThat(arrive(state).ignored).describedAs("a message handed over is no sample").isTrue()
        assertThat(arrive(state).ignored).isTrue()
        senders.forEach { it.join(10_000) }
        assertThat(taken.map { it["carrying"] }).containsExactly("true", "true")
        assertThat(taken.map { it["clientMessageId"] }).containsExactlyInAnyOrder("fanout-t-0", "fanout-t-1")
        assertThat(state["offered"].toString()).isEqualTo("2")
        assertThat(state["holding"].toString()).describedAs("both still hold their connections").isEqualTo("2")
    }

    @Test
    fun `a message JMeter starts after the sending time, while the senders still hold, is carried`() {
        val state = step(senders = 1, endsIn = 0, hold = 60_000)
        var taken: Map<String, Any?>? = null
        val sender = thread { taken = carry(state) }
        while (sender.isAlive && sender.state != Thread.State.TIMED_WAITING) Thread.onSpinWait()
        assertThat(sender.isAlive).describedAs("the sender still holds after the sending time").isTrue()
        assertThat(System.currentTimeMillis()).isGreaterThanOrEqualTo(state["sendEndsAt"] as Long)
        assertThat(arrive(state).ignored).describedAs("handed over, no failure").isTrue()
        sender.join(10_000)
        assertThat(taken?.get("carrying")).isEqualTo("true")
        assertThat(state["carried"].toString()).isEqualTo("1")
    }

    @Test
    fun `after the sending time a sender takes what still waits, then leaves, and a message after the last one fails`() {
        val state = step(senders = 1, endsIn = 50)
        assertThat(arrive(state).ignored).isTrue()
        while (System.currentTimeMillis() <= state["holdUntil"] as Long) Thread.onSpinWait()
        assertThat(carry(state)["carrying"]).describedAs("the message offered in time is still sent").isEqualTo("true")
        val last = carry(state)
        assertThat(last["carrying"]).isEqualTo("false")
        assertThat(last["holding"]).describedAs("the sender leaves its loop").isEqualTo("false")
        assertThat(state["holding"].toString()).isEqualTo("0")
        val late = arrive(state)
        assertThat(late.ignored).isFalse()
        assertThat(late.passed).isFalse()
        assertThat(late.code).isEqualTo("java.net.SocketTimeoutException")
        assertThat(late.message).contains("after the step's sending time, when its senders had left")
        assertThat(state["offered"].toString()).describedAs("a message no sender could take is not offered").isEqualTo("1")
    }
}
