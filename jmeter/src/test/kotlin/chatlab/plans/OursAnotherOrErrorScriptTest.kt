package chatlab.plans

import groovy.lang.Binding
import groovy.lang.GroovyShell
import org.apache.jmeter.samplers.SampleResult
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

/**
 * `scripts/ours-another-or-error.groovy`, the read after a sender's SEND (the sends and warm-up plans): which frame ends
 * the wait that their "until our broadcast arrives" controller reads as `${awaiting}`, and which fails the read.
 */
class OursAnotherOrErrorScriptTest {
    private val values = mutableMapOf<String, Any?>(
        "clientMessageId" to "jm-mysql-7-abc", "userId" to "7", "roomId" to "3", "awaiting" to "true", "reads" to "0", "maxReads" to "3",
    )

    private fun read(frame: String, success: Boolean = true): SampleResult {
        val prev = SampleResult().apply { setResponseData(frame, "UTF-8"); isSuccessful = success }
        GroovyShell(Binding().apply { setVariable("prev", prev); setVariable("vars", FanoutAuditScriptTest.Vars(values)) })
            .evaluate(planScripts.resolve("ours-another-or-error.groovy").toFile())
        return prev
    }

    private fun message(clientMessageId: String, senderId: Int = 7, roomId: Int = 3) =
        "MESSAGE\ndestination:/topic/chat-rooms.$roomId\n\n" +
            """{"id":41,"roomId":$roomId,"senderId":$senderId,"type":"TALK","content":"hi","sentAt":"2026-12-06T10:00:00Z","clientMessageId":"$clientMessageId"}""" + "\u0000"

    @Test
    fun `another member's broadcast keeps the wait, ours ends it and passes`() {
        assertThat(read(message("jm-mysql-8-def", senderId = 8)).isSuccessful).isTrue()
        assertThat(values["awaiting"]).isEqualTo("true")
        assertThat(read(message("jm-mysql-7-abc")).isSuccessful).isTrue()
        assertThat(values["awaiting"]).isEqualTo("false")
        assertThat(values["reads"]).isEqualTo("2")
    }

    @Test
    fun `ours from another sender or room fails the read and ends the wait`() {
        val wrong = read(message("jm-mysql-7-abc", senderId = 9))
        assertThat(wrong.isSuccessful).isFalse()
        assertThat(wrong.responseMessage).isEqualTo("broadcast sender 9, expected 7")
        assertThat(values["awaiting"]).isEqualTo("false")
    }

    @Test
    fun `an ERROR frame, a failed read or too many frames without ours end the wait`() {
        val error = read("ERROR\nmessage:room 3: not a member\n\n\u0000")
        assertThat(error.isSuccessful).isFalse()
        assertThat(error.responseMessage).startsWith("server sent ERROR: ERROR")
        assertThat(values["awaiting"]).isEqualTo("false")

        values["awaiting"] = "true"
        read("", success = false)
        assertThat(values["awaiting"]).isEqualTo("false")

        values.putAll(mapOf("awaiting" to "true", "reads" to "0"))
        assertThat((1..2).map { read(message("jm-mysql-8-$it", senderId = 8)).isSuccessful }).containsOnly(true)
        assertThat(values["awaiting"]).isEqualTo("true")
        val third = read(message("jm-mysql-8-3", senderId = 8))
        assertThat(third.isSuccessful).isFalse()
        assertThat(third.responseMessage).isEqualTo("our message was not delivered within 3 frames")
        assertThat(values["awaiting"]).isEqualTo("false")
    }
}
