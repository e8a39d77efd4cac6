package chatlab.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.time.Instant

class FanoutExperimentTest {
    private val backends = mapOf("mysql" to Backend("MariaDB", "11.4.5", "embedded", "MariaDB 11.4.5 (embedded)", null))

    private fun comparison(samples: List<Sample>, settings: Map<String, String> = mapOf("fanoutSlo" to "100", "fanoutRates" to "500,1000,2000")) =
        ComparisonBuilder(samples, Environment(backends, mapOf("cpus" to "2"), settings, Instant.EPOCH, null, null), slo = 50.0).build()

    /** [n] deliveries of one step, all taking [elapsed] ms. */
    private fun deliveries(members: Int, rate: Int, elapsed: Long, round: Int = 1, n: Int = 40) =
        (0 until n).map { Sample(it * 10L, elapsed, "delivery [$members members] capacity@$rate", "200", "", true, "", "", round) }

    private fun audit(members: Int, step: String, message: String, success: Boolean = true, round: Int = 1, code: String = if (success) "200" else "409") =
        Sample(0, 5, "audit [$members members] $step", code, message, success, "", "", round)

    private fun held(stored: Int, members: Int, reordered: Int = 0) =
        "held: $stored messages stored ($stored acknowledged), ${stored * members} deliveries to $members members, each once, placed as in history; " +
            "$reordered of $members members received them in another order than history's"

    @Test
    fun `a room size's capacity is the most offered deliveries per second whose delivery p95 stays within the fan-out SLO`() {
        // 80 ms would miss the chat SLO of 50 ms; the fan-out SLO is 100 ms
        val c = comparison(deliveries(10, 500, 20) + deliveries(10, 1000, 80) + deliveries(10, 2000, 300) + deliveries(100, 500, 40) + deliveries(100, 1000, 150))
        assertThat(c.fanoutCapacity.map { it.subject.key }).containsExactly("10 members", "100 members")
        assertThat(c.fanoutCapacity.map { it.capacity.median }).containsExactly(1000.0, 500.0)
        assertThat(c.readCapacity).isEmpty()
        assertThat(c.sendCapacity).isEmpty()
    }

    @Test
    fun `the section shows the capacities as deliveries and as sends per second, and what the audits counted`() {
        val c = comparison(deliveries(10, 500, 20) + deliveries(10, 1000, 300) +
            audit(10, "capacity@500", held(20, 10, reordered = 2)) + audit(10, "capacity@1000", held(40, 10)))
        val section = FanoutExperiment.section(c)!!
        val tables = section.blocks.filterIsInstance<Table>()
        val sends = tables.single { it.title.startsWith("Fan-out — the same capacities") }
        assertThat(sends.rows.single().take(7)).containsExactly("10 members", "50/s (50–50)", "500/s (500–500)", "2", "60", "600", "2")
        assertThat(sends.rows.single().last()).isEqualTo("all held")
        assertThat(FanoutExperiment.findings(c).first()).startsWith("Fan-out: every audit held (2 steps over 10 members)")
        assertThat(FanoutExperiment.figures(c).map { it.label }).contains("delivery [10 members]")
    }

    @Test
    fun `a broken audit is named with its round, step and reason`() {
        val c = comparison(deliveries(10, 500, 20) + audit(10, "capacity@500", "BROKEN: 1 deliveries received twice (20 messages stored (20 acknowledged), 201 deliveries to 10 members)", success = false, round = 2))
        assertThat(c.fanout.single().held).isFalse()
        assertThat(FanoutExperiment.findings(c).first())
            .isEqualTo("Fan-out: audits BROKE — 10 members: round 2, capacity@500: BROKEN: 1 deliveries received twice (20 messages stored (20 acknowledged), 201 deliveries to 10 members)")
        assertThat(c.failedSamples).isEqualTo(1)
    }

    @Test
    fun `deliveries later than fanoutLostAfter in a step beyond capacity are timed out, not a broken audit`() {
        val late = "BROKEN: 14 deliveries missing (not received within fanoutLostAfter of the last send: timed out) (32 messages stored (32 acknowledged), 306 deliveries to 10 members)"
        val c = comparison(deliveries(10, 500, 20) + deliveries(10, 1000, 900) + audit(10, "capacity@500", held(20, 10)) +
            audit(10, "capacity@1000", late, success = false, code = "java.net.SocketTimeoutException"))
        val audit = c.fanout.single()
        assertThat(audit.held).isTrue()
        assertThat(audit.late).hasSize(1)
        assertThat(FanoutExperiment.findings(c)[0]).startsWith("Fan-out: in 1 step(s) deliveries were still missing fanoutLostAfter after the last send")
        assertThat(FanoutExperiment.findings(c)[1]).startsWith("Fan-out: no audit found a wrong answer (2 steps over 10 members)")
        assertThat(c.failedSamples).describedAs("timed out beyond capacity: the overload the ladder looks for").isZero()
        assertThat(c.overloadSamples).isEqualTo(1)
    }

    @Test
    fun `no fan-out samples, no section`() {
        assertThat(FanoutExperiment.section(comparison(emptyList()))).isNull()
    }
}
