package chatlab.plans

import groovy.lang.Binding
import groovy.lang.GroovyShell
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.nio.file.Path

/** A fan-out SEND's check (`scripts/fanout-sent.groovy`) on JMeter's Groovy: a room not yet complete is no answer, not a wrong one. */
class FanoutSentScriptTest {

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
        val vars = FanoutAuditScriptTest.Vars(mutableMapOf("fanout" to mapOf("members" to 500), "unsubscribed" to unsubscribed.toString()))
        val prev = Sent()
        GroovyShell(Binding().apply { setVariable("vars", vars); setVariable("prev", prev) })
            .evaluate(Path.of("src/test/jmeter/scripts/fanout-sent.groovy").toFile())
        return prev to vars
    }

    @Test
    fun `a SEND into a complete room is written`() {
        val (prev, vars) = sent(0)
        assertThat(prev.passed).isTrue()
        assertThat(prev.code).isEqualTo("200")
        assertThat(vars.get("written")).isEqualTo("true")
    }

    @Test
    fun `a SEND before every member's subscription was confirmed fails as no answer, which the report counts with timeouts`() {
        val (prev, vars) = sent(226)
        assertThat(prev.passed).isFalse()
        assertThat(prev.code).describedAs("what the report's unanswered check reads").contains("Timeout")
        assertThat(prev.message).startsWith("226 of 500 members had no subscription confirmed when the SEND left")
        assertThat(vars.get("written")).isEqualTo("false")
    }
}
