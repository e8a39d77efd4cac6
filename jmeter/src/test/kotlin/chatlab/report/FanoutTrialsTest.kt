package chatlab.report

import chatlab.report.method.PairedRatio.Call
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

class FanoutTrialsTest {
    /** [n] deliveries of [deployment]'s trial in [block], [ms] each. */
    private fun deliveries(deployment: String, block: Int, n: Int, ms: Long): List<Sample> = (0 until n).map { i ->
        Sample(block * 100_000L + i * 10L, ms, "delivery [100 members on $deployment] trial block $block", "", "", true, "", "", 1 + (block - 1) / 4)
    }

    private fun audit(deployment: String, block: Int, held: Boolean = true) =
        Sample(block * 100_000L + 90_000, 40, "audit [100 members on $deployment] trial block $block", "", "15 messages stored (15 acknowledged), 1500 deliveries to 100 members",
            held, if (held) "" else "message 3 stored twice", "", 1 + (block - 1) / 4)

    /** Twelve blocks; each block's host speed falls on every deployment in it, as drift does; warm-ups are not judged. */
    private fun run(twinMs: Long) = (1..12).flatMap { b ->
        val slow = if (b % 3 == 0) 3L else 1L
        deliveries("simple-1", b, 50, 20 * slow) + deliveries("simple-1 again", b, 50, twinMs * slow) + deliveries("relay-2", b, 50, 30 * slow) +
            listOf("simple-1", "simple-1 again", "relay-2").map { audit(it, b, held = !(it == "relay-2" && b == 5)) }
    } + Sample(1, 900, "delivery [100 members on relay-2] warm-up", "", "", true, "", "", 1)

    private val settings = mapOf("fanoutTrialMembers" to "100", "fanoutTrialRate" to "1000", "fanoutBlocks" to "4", "fanoutControl" to "simple-1")

    @Test
    fun `the verdict ranks the deployments by their average delivery against the soonest's in the same blocks, the twin as its control`() {
        val verdict = FanoutExperiment.verdict(ChatRuns.comparison(run(twinMs = 20), settings))!!
        assertThat(verdict.question)
            .isEqualTo("Which deployment delivers a message to every member of a room of 100 soonest at 1000 offered deliveries/s (average delivery per block)?")
        assertThat(verdict.answer).startsWith("simple-1, sooner than every other deployment; longer: relay-2 1.50× (")
        assertThat(verdict.ratios.map { it.a to it.blocks }).containsExactly("relay-2" to 12)
        val control = verdict.controls.single()
        assertThat(control.experiment).isEqualTo("fanout")
        assertThat(control.ratio.a).isEqualTo("simple-1 again")
        assertThat(control.call).isEqualTo(Call.NOT_TOLD_APART)
        assertThat(FanoutTrials.rows(run(twinMs = 20)).map { it.contender to it.blocks.size })
            .containsExactly("relay-2" to 12, "simple-1" to 12, "simple-1 again" to 12)
    }

    @Test
    fun `a slower twin is told apart and distrusts the run, and a planted run does not plant the fan-out's twin`() {
        val slower = FanoutExperiment.verdict(ChatRuns.comparison(run(twinMs = 26), settings))!!.controls.single()
        assertThat(slower.toldApart).isTrue()
        assertThat(slower.holds).isFalse()
        val planted = FanoutExperiment.verdict(ChatRuns.comparison(run(twinMs = 20), settings + ("plantedShare" to "0.25")))!!.controls.single()
        assertThat(planted.planted).isEqualTo(0.0)
        assertThat(planted.plantable).isFalse()
        assertThat(planted.holds).isTrue()
        assertThat(planted.sentence()).contains("no difference planted here: ${FanoutTrials.NOT_PLANTED}")
    }

    @Test
    fun `the twin's audits are a room of their own, and a broken trial audit is reported`() {
        val audits = FanoutAudit.of(run(twinMs = 20))
        assertThat(audits.map { it.room to it.audits }).containsExactlyInAnyOrder(
            "100 members on simple-1" to 12, "100 members on relay-2" to 12, "100 members on simple-1 again" to 12)
        assertThat(audits.single { it.room == "100 members on relay-2" }.broken).hasSize(1)
    }

    @Test
    fun `without trials the fan-out's verdict is the ladders'`() {
        assertThat(FanoutTrials.verdict(emptyList(), settings)).isNull()
        assertThat(FanoutTrials.rows(listOf(Sample(1, 5, "delivery [100 members on relay-2] capacity@1000", "", "", true, "", "", 1)))).isEmpty()
    }
}
