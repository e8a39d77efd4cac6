package chatlab.plans

import chatlab.report.Sample
import groovy.lang.Binding
import groovy.lang.GroovyShell
import org.apache.jmeter.samplers.SampleResult
import org.apache.jmeter.threads.AbstractThreadGroup
import org.apache.jmeter.threads.JMeterContext.TestLogicalAction
import org.apache.jmeter.threads.JMeterContextService
import org.apache.jmeter.threads.ThreadGroup
import org.apache.jmeter.threads.openmodel.OpenModelThreadGroup
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test

/**
 * `scripts/late-frame-is-no-answer.groovy` on JMeter's Groovy, with JMeter's own SampleResult and thread groups: what a
 * WebSocket sample that timed out becomes in the report, and what its client does next.
 */
class LateFrameScriptTest {
    @AfterEach
    fun `leave the thread's context clean`() = JMeterContextService.getContext().clear()

    /** A sample as the WebSocket samplers leave it, after the script ran in a thread of [group]. */
    private fun sampled(label: String, code: String, message: String, success: Boolean, group: AbstractThreadGroup): SampleResult {
        val ctx = JMeterContextService.getContext().apply { threadGroup = group; testLogicalAction = TestLogicalAction.CONTINUE }
        val prev = SampleResult().apply { sampleLabel = label; responseCode = code; responseMessage = message; isSuccessful = success }
        GroovyShell(Binding().apply { setVariable("prev", prev); setVariable("ctx", ctx) })
            .evaluate(planScripts.resolve("late-frame-is-no-answer.groovy").toFile())
        return prev
    }

    /** The same sample as the report reads it back from the results. */
    private fun SampleResult.inReport() = Sample(0, 0, sampleLabel, responseCode, responseMessage, isSuccessful, "", "")

    private val timedOut = "WebSocket error: java.net.SocketTimeoutException: Read timed out"

    @Test
    fun `a warm-up CONNECT whose CONNECTED did not come in time is no answer and ends its open-model client`() {
        val connect = sampled("stomp CONNECT [mysql] warm-up", "Websocket error", timedOut, false, OpenModelThreadGroup())
        assertThat(connect.inReport().unanswered).describedAs("counted as no answer, not a wrong one").isTrue()
        assertThat(connect.isStopThread).describedAs("the late CONNECTED never reaches the SUBSCRIBE after it").isTrue()
    }

    @Test
    fun `a closed-model client that timed out goes on with its next iteration instead`() {
        val read = sampled("stomp read frame [mongo] reference", "Websocket error", timedOut, false, ThreadGroup())
        assertThat(read.inReport().unanswered).isTrue()
        assertThat(read.isStopThread).isFalse()
        assertThat(JMeterContextService.getContext().testLogicalAction).isEqualTo(TestLogicalAction.START_NEXT_ITERATION_OF_THREAD)
    }

    @Test
    fun `a connection that did not open ends the client, a wrong frame or another plan's sample is left as it is`() {
        val refused = sampled("ws open [mysql] warm-up", "Websocket error", "WebSocket error: java.net.ConnectException: Connection refused", false, OpenModelThreadGroup())
        assertThat(refused.isStopThread).isTrue()
        assertThat(refused.inReport().unanswered).describedAs("a refused connection is no timeout").isFalse()
        val wrong = sampled("stomp SUBSCRIBE [mysql] warm-up", "200", "OK", true, OpenModelThreadGroup())
        assertThat(wrong.responseCode).isEqualTo("200")
        assertThat(wrong.isStopThread).isFalse()
        val http = sampled("get chat messages [mysql-offset] warm-up", "Websocket error", timedOut, false, OpenModelThreadGroup())
        assertThat(http.responseCode).describedAs("only WebSocket samples are renamed").isEqualTo("Websocket error")
        assertThat(http.isStopThread).isFalse()
    }
}
