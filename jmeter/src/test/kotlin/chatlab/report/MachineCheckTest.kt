package chatlab.report

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.within
import org.junit.jupiter.api.Test
import java.time.Instant

class MachineCheckTest {
    private val backends = mapOf("mysql" to Backend("MariaDB", "11.4.5", "embedded", "MariaDB 11.4.5 (embedded)", null))

    /** Rounds of 100 mix reads on mysql-keyset, whose units cost the server [cpu] CPU seconds each round. */
    private fun run(vararg cpu: Double, previous: PreviousRun? = null): Comparison {
        val samples = cpu.indices.flatMap { i -> (0 until 100).map { Sample(it * 10L, 4, "get chat messages [mysql-keyset] mix newest", "200", "", true, "", "", i + 1) } }
        val environment = Environment(backends, mapOf("cpus" to "2"), emptyMap(), Instant.EPOCH, null, null)
        val units = cpu.mapIndexed { i, s -> UnitAccount("history", "mix mysql-keyset", 6.0, true, 250, serverCpu = s * 0.75, backendsCpu = s * 0.25, jmeterCpu = 1.0, cores = 2, round = i + 1) }
        return ComparisonBuilder(samples, environment).build().copy(units = units, previous = previous)
    }

    @Test
    fun `the machine figure is the server and backends' CPU per mix read, round by round after the cold round 1`() {
        val spread = MachineCheck.of(run(0.9, 0.2, 0.3))!!
        assertThat(listOf(spread.min, spread.max, spread.rounds.toDouble())).containsExactly(2.0, 3.0, 2.0)
        assertThat(MachineCheck.sentence(run(0.9, 0.2, 0.3))).contains("2.50 (2.00–3.00) CPU ms per chat-mix read")
            .contains("median of the rounds after round 1").contains("no like run to compare the machine with")
        assertThat(MachineCheck.of(run(0.9))).describedAs("a run of one round has only its cold round").isNull()
    }

    @Test
    fun `a machine slower than the previous run's beyond both spreads is named, a close one is not`() {
        val before = PreviousRun("earlier", Figures.of(run(0.9, 0.2, 0.22)).associateBy { it.key })
        assertThat(MachineCheck.sentence(run(0.9, 0.3, 0.32, previous = before))).contains("this machine was 48 % slower (beyond both spreads)")
        assertThat(MachineCheck.sentence(run(0.5, 0.21, 0.23, previous = before))).contains("no clear difference")
        assertThat(MachineCheck.sentence(run(0.9, 0.14, 0.15, previous = before))).contains("this machine was 31 % faster (beyond both spreads)")
            .contains("latencies lower and capacities higher")
    }

    @Test
    fun `with one round after round 1, as the main job's mix runs, a change beyond the share two like runs differ by is named`() {
        val before = PreviousRun("earlier", Figures.of(run(0.97, 0.234)).associateBy { it.key })
        assertThat(MachineCheck.sentence(run(1.12, 0.335, previous = before))).contains("3.35 CPU ms per chat-mix read")
            .contains("one round after round 1").contains("the previous run's was 2.34: 43 % more CPU per read, more than the 20 %")
            .contains("latencies higher and capacities lower")
        assertThat(MachineCheck.sentence(run(1.1, 0.241, previous = before))).contains("within the 20 % two like runs differ by")
        val cold = PreviousRun("older", listOf(Figure(MachineCheck.SECTION, "server + backends CPU ms per chat-mix read", MachineCheck.FIGURE,
            Spread.of(listOf(9.7, 2.34))!!, false)).associateBy { it.key })
        assertThat(MachineCheck.sentence(run(1.12, 0.335, previous = cold))).describedAs("a figure kept with the cold round is not compared")
            .contains("the previous run kept no such figure")
    }

    /** A fan-out run alone (no chat mix): each round's units with the probe times given, in ms. */
    private fun probed(vararg rounds: List<Double>, previous: PreviousRun? = null): Comparison {
        val environment = Environment(backends, mapOf("cpus" to "2"), emptyMap(), Instant.EPOCH, null, null)
        val units = rounds.withIndex().flatMap { (i, times) ->
            times.mapIndexed { n, ms -> UnitAccount("fanout", "fanout room ${n + 1}", 60.0, true, 250, 10.0, 0.0, 20.0, 2, round = i + 1, probeMs = ms) }
        }
        return ComparisonBuilder(emptyList(), environment).build().copy(units = units, previous = previous)
    }

    @Test
    fun `a run without the chat mix is checked by the fixed work timed before its units, each round by its median unit`() {
        val run = probed(listOf(90.0, 40.0, 42.0), listOf(41.0, 43.0, 39.0))
        assertThat(MachineCheck.of(run)).isNull()
        val spread = MachineCheck.probe(run)!!
        assertThat(listOf(spread.median, spread.min, spread.max)).containsExactly(41.5, 41.0, 42.0)
        assertThat(MachineCheck.sentence(run)).startsWith("Machine check: a fixed piece of CPU work JMeter timed on the idle machine before each unit")
            .contains("took 41.50 (41.00–42.00) ms (median of rounds); no like run to compare the machine with")
        assertThat(Figures.of(run).map { it.key }).containsExactly("machine|${MachineCheck.PROBE_LABEL}|${MachineCheck.PROBE_FIGURE}")
        assertThat(MachineCheck.sentence(probed())).isNull()
    }

    @Test
    fun `a probe slower than the previous run's beyond both spreads is named from 5 % on, and a previous run kept before the probe gets no verdict on it`() {
        val before = PreviousRun("earlier", Figures.of(probed(listOf(40.0, 41.0), listOf(42.0, 41.0))).associateBy { it.key })
        assertThat(MachineCheck.sentence(probed(listOf(52.0, 54.0), listOf(53.0, 55.0), previous = before)))
            .contains("this machine was 30 % slower (beyond both spreads)").contains("capacities lower")
        assertThat(MachineCheck.sentence(probed(listOf(41.0, 42.0), listOf(40.0, 41.0), previous = before))).contains("no clear difference")
        // Two CI runs on one host: 1 % apart, beyond both of the probe's tight spreads, but too little to act on.
        val ci = PreviousRun("earlier", Figures.of(probed(listOf(14.06), listOf(14.21))).associateBy { it.key })
        assertThat(MachineCheck.sentence(probed(listOf(14.27), listOf(14.29), previous = ci)))
            .contains("1.0 % slower, beyond both spreads but under 5 %, too little to move the other figures visibly, so they are comparable.")
            .doesNotContain("this machine was")
        val older = PreviousRun("older", Figures.of(run(0.9, 0.2, 0.22)).associateBy { it.key })
        assertThat(MachineCheck.sentence(run(0.9, 0.2, 0.22, previous = older).let { it.copy(units = it.units.map { u -> u.copy(probeMs = 40.0) }) }))
            .contains("no clear difference").contains("took 40.00 (40.00–40.00) ms (median of rounds); the previous run kept no such figure")
    }
}
