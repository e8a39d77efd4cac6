package chatlab.plans

import groovy.lang.Binding
import groovy.lang.GroovyShell
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.nio.file.Path
import java.util.concurrent.CountDownLatch
import java.util.concurrent.atomic.AtomicLong
import kotlin.concurrent.thread

/**
 * A fan-out SEND on JMeter's Groovy: before it, the sender waits for members not yet confirmed (`scripts/fanout-send.groovy`);
 * after it, the check (`scripts/fanout-sent.groovy`) that a room not yet complete is no answer, not a wrong one.
 */
class FanoutSentScriptTest {

    /** The step's state a sender shares with its members: their subscriptions still unconfirmed, and the longest wait. */
    private fun step(unconfirmed: Int) = mapOf("subscribed" to CountDownLatch(unconfirmed), "waited" to AtomicLong())

    private fun send(vars: FanoutAuditScriptTest.Vars) =
        GroovyShell(Binding().apply { setVariable("vars", vars) }).evaluate(Path.of("src/test/jmeter/scripts/fanout-send.groovy").toFile())

    @Test
    fun `a sender into a room whose members are all confirmed sends at once and records no wait`() {
        val state = step(0)
        val vars = FanoutAuditScriptTest.Vars(mutableMapOf("fanout" to state, "openTimeout" to "60000"))
        send(vars)
        assertThat(vars.get("unsubscribed")).isEqualTo("0")
        assertThat((state["waited"] as AtomicLong).get()).isZero()
    }

    @Test
    fun `a sender that arrives before the last member's RECEIPT sends only after it, timed from then`() {
        val state = step(1)
        val vars = FanoutAuditScriptTest.Vars(mutableMapOf("fanout" to state, "openTimeout" to "60000"))
        val sender = thread { send(vars) }
        while (sender.state != Thread.State.TIMED_WAITING) Thread.onSpinWait()
        val confirmedAt = System.currentTimeMillis()
        (state["subscribed"] as CountDownLatch).countDown()
        sender.join()
        assertThat(vars.get("unsubscribed")).describedAs("every member confirmed when the SEND left").isEqualTo("0")
        assertThat(vars.get("sentAt")!!.toLong()).describedAs("the delivery clock starts at the SEND, not at the arrival").isGreaterThanOrEqualTo(confirmedAt)
    }

    @Test
    fun `a sender waits for an unconfirmed member at most openTimeout, then sends into the incomplete room`() {
        val state = step(2)
        val vars = FanoutAuditScriptTest.Vars(mutableMapOf("fanout" to state, "openTimeout" to "50"))
        val arrived = System.currentTimeMillis()
        send(vars)
        assertThat(vars.get("unsubscribed")).describedAs("what fanout-sent.groovy then fails").isEqualTo("2")
        assertThat(vars.get("sentAt")!!.toLong() - arrived).isGreaterThanOrEqualTo(50)
        assertThat((state["waited"] as AtomicLong).get()).isGreaterThanOrEqualTo(50)
    }

    /** The SEND sampler's result as the script sees it (`prev`). */
    class Sent {
        var passed = true
        var code = "200"
        var message = ""
        fun setSuccessful(value: Boolean) { passed = value }
        fun isSuccessful() = passed
        fun setResponseCode(value: String) { code = value }
        fun setResponseMessage(value: String) { message = value }
    }

    private fun sent(unsubscribed: Long): Pair<Sent, FanoutAuditScriptTest.Vars> {
        val vars = FanoutAuditScriptTest.Vars(mutableMapOf("fanout" to mapOf("members" to 500), "unsubscribed" to unsubscribed.toString(),
            "clientMessageId" to "fanout-t-7", "written" to mutableListOf("fanout-t-3")))
        val prev = Sent()
        GroovyShell(Binding().apply { setVariable("vars", vars); setVariable("prev", prev) })
            .evaluate(Path.of("src/test/jmeter/scripts/fanout-sent.groovy").toFile())
        return prev to vars
    }

    @Test
    fun `a SEND into a complete room is written, for its sender's DISCONNECT to acknowledge`() {
        val (prev, vars) = sent(0)
        assertThat(prev.passed).isTrue()
        assertThat(prev.code).isEqualTo("200")
        assertThat(vars.getObject("written") as List<*>).containsExactly("fanout-t-3", "fanout-t-7")
    }

    @Test
    fun `a SEND before every member's subscription was confirmed fails as no answer, which the report counts with timeouts`() {
        val (prev, vars) = sent(226)
        assertThat(prev.passed).isFalse()
        assertThat(prev.code).describedAs("what the report's unanswered check reads").contains("Timeout")
        assertThat(prev.message).startsWith("226 of 500 members had no subscription confirmed when the SEND left")
        assertThat(vars.getObject("written") as List<*>).describedAs("not among what the RECEIPT acknowledges").containsExactly("fanout-t-3")
    }
}
