package chatlab.report

import chatlab.report.ChatRuns.many
import chatlab.report.document.Block
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.time.Instant

class ReferenceHostTest {
    private val backends = mapOf("mysql" to Backend("MariaDB", "11.4.5", "embedded", "MariaDB 11.4.5 (embedded)", null))

    /**
     * Two rounds of 100 mix reads on mysql-keyset, round 2's unit costing the server and backends [cpuMs] CPU ms a read,
     * and the instrument's ladder holding [ceiling]/s and missing the SLO at twice that in each round.
     */
    private fun run(cpuMs: Double, ceiling: Int = 3200, changed: List<String> = emptyList()): Comparison {
        val samples = (1..2).flatMap { r ->
            (0 until 100).map { Sample(it * 10L, 4, "get chat messages [mysql-keyset] mix newest", "200", "", true, "", "", r) } +
                many("who am i [instrument] capacity@$ceiling", 5, r, n = ceiling) + many("who am i [instrument] capacity@${2 * ceiling}", 90, r, n = 2 * ceiling)
        }
        val environment = Environment(backends, mapOf("cpus" to "2"), emptyMap(), Instant.EPOCH, null, null)
        val units = (1..2).map { r -> UnitAccount("history", "mix mysql-keyset", 6.0, true, 250, serverCpu = (if (r == 1) 1.0 else cpuMs / 10) * 0.75,
            backendsCpu = (if (r == 1) 1.0 else cpuMs / 10) * 0.25, jmeterCpu = 1.0, cores = 2, round = r) }
        return ComparisonBuilder(samples, environment).build().copy(units = units, changedSettings = changed)
    }

    @Test
    fun `a machine that spends the reference host's CPU per read and reaches its ceiling is called like it`() {
        val (line, like) = ReferenceHost.line(run(2.87))!!
        assertThat(line).isEqualTo("This machine: the server spent 2.87 CPU ms per chat-mix read, 1.00× the reference host's 2.87; " +
            "the instrument's read ceiling was 3,200/s, 1.00× the reference host's 3,200/s; this machine is like the reference host, " +
            "so its capacities compare with those the documents quote.")
        assertThat(like).isTrue()
    }

    @Test
    fun `the slower of the two figures decides, and a run at other settings than the main job's gets no line`() {
        val slow = ReferenceHost.line(run(7.6))!!
        assertThat(slow.first).contains("7.60 CPU ms per chat-mix read, 2.65× the reference host's 2.87").endsWith("this machine is slower: " +
            "every capacity here is this machine's, to be read against this run's ceiling, not as the software's.")
        assertThat(slow.second).isFalse()
        val (line, like) = ReferenceHost.line(run(2.87, ceiling = 400))!!
        assertThat(line).contains("ceiling was 400/s, 0.13× the reference host's 3,200/s").contains("this machine is slower")
        assertThat(like).isFalse()
        assertThat(ReferenceHost.line(run(7.6, changed = listOf("seedMessages")))).isNull()
    }

    @Test
    fun `the first screen says what the machine is, beside the verdicts`() {
        val lead = ReportDocument("PASSED", true).of(run(7.6)).lead
        assertThat(lead.filterIsInstance<Block.Text>().map { it.text }).anySatisfy { assertThat(it).startsWith("This machine: the server spent 7.60") }
    }
}
