package chatlab.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.time.Instant

class FanoutRepeatTest {
    private val backends = mapOf("mysql" to Backend("MariaDB", "11.4.5", "embedded", "MariaDB 11.4.5 (embedded)", null))

    /**
     * Rooms of 10, 100 and 200 members over three rounds, each holding [held] offered deliveries/s (p95 20 ms up to it,
     * 300 ms at twice it), with the machine probe at [probeMs] before each round's unit.
     */
    private fun run(held: Int, probeMs: Double, previous: PreviousRun? = null): Comparison {
        val samples = (1..3).flatMap { round ->
            listOf(10, 100, 200).flatMap { members ->
                listOf(500, 1000, 2000, 4000).filter { it <= 2 * held }.flatMap { rate ->
                    (0 until 40).map { Sample(it * 10L, if (rate <= held) 20 else 300, "delivery [$members members] capacity@$rate", "200", "", true, "", "", round) }
                }
            }
        }
        val settings = mapOf("fanoutSlo" to "100", "fanoutRates" to "500,1000,2000,4000")
        val units = (1..3).map { UnitAccount("fanout", "fanout room 1", 60.0, true, 250, 10.0, 0.0, 20.0, 2, round = it, probeMs = probeMs + it * 0.1) }
        return ComparisonBuilder(samples, Environment(backends, mapOf("cpus" to "2"), settings, Instant.EPOCH, null, null)).build()
            .copy(units = units, previous = previous)
    }

    private fun against(before: Comparison) = PreviousRun("earlier", Figures.of(before).associateBy { it.key })

    @Test
    fun `a run whose every capacity moved one way beyond the spreads while the machine probe did not is told the machine does not explain it`() {
        val c = run(2000, 40.0, against(run(1000, 40.0)))
        assertThat(FanoutRepeat.finding(c.fanoutCapacity, c)).startsWith(
            "Fan-out, run against run (rooms judged by capacity): capacities 10 members +100 % ⚑; 100 members +100 % ⚑; 200 members +100 % ⚑ — " +
                "3 of 3 more than 20 % from the previous like run's, 3 beyond both runs' spreads (⚑); where p95 reached the SLO 10 members +100 % ⚑;",
        ).endsWith(
            " All moved the same way (higher): a shift of the whole run, not the rounds' scatter, which has both signs; the machine check's probe " +
                "did not (+0 % in time), so the machine's CPU speed does not explain it: look to what each run starts afresh (the deployments' " +
                "server instances, its JMeter) and to what the probe does not see (memory, the network stack).",
        )
        assertThat(FanoutExperiment.findings(c)).contains(FanoutRepeat.finding(c.fanoutCapacity, c))
    }

    @Test
    fun `a shift the machine probe shared is laid to the machine, a repeated run is said to agree, and a run without a previous one gets no line`() {
        val slower = run(1000, 52.0, against(run(2000, 40.0)))
        assertThat(FanoutRepeat.finding(slower.fanoutCapacity, slower)).contains("All moved the same way (lower)")
            .endsWith("the machine check's probe moved as well (+30 % ⚑ in time), so the machine's speed explains some or all of it.")
        val again = run(1000, 40.0, against(run(1000, 40.0)))
        assertThat(FanoutRepeat.finding(again.fanoutCapacity, again)).endsWith(
            "capacities 10 members +0 %; 100 members +0 %; 200 members +0 % — all within ±20 % of the previous like run's, 0 beyond both runs' " +
                "spreads (⚑); where p95 reached the SLO 10 members +0 %; 100 members +0 %; 200 members +0 %.")
        assertThat(FanoutRepeat.finding(run(1000, 40.0).fanoutCapacity, run(1000, 40.0))).isNull()
        // One room's capacity held the same rung while every crossing rose (a measured like pair): the crossings tell the shift.
        val low = Figures.of(run(1000, 40.0)).associateBy { it.key }
        val high = Figures.of(run(2000, 40.0)).associateBy { it.key }
        fun tenFrom(figure: String) = low.mapValues { (key, f) -> if (key.contains("[10 members]") && key.endsWith("|$figure")) high.getValue(key) else f }
        val rung = run(2000, 40.0, PreviousRun("earlier", tenFrom("capacity")))
        assertThat(FanoutRepeat.finding(rung.fanoutCapacity, rung)).contains("capacities 10 members +0 %; 100 members +100 % ⚑")
            .contains("where p95 reached the SLO 10 members +100 % ⚑").contains("All moved the same way (higher)")
        // One room unmoved by both figures: no shift of the whole run.
        val still = run(2000, 40.0, PreviousRun("earlier", tenFrom("capacity") + tenFrom("slo crossing").filterKeys { it.endsWith("|slo crossing") && it.contains("[10 members]") }))
        assertThat(FanoutRepeat.finding(still.fanoutCapacity, still)).contains("where p95 reached the SLO 10 members +0 %; 100 members +100 % ⚑")
            .doesNotContain("moved the same way")
    }

    @Test
    fun `a probe beyond both spreads by less than 5 % does not lay a shift to the machine`() {
        val c = run(2000, 40.8, against(run(1000, 40.0)))
        assertThat(FanoutRepeat.finding(c.fanoutCapacity, c)).contains("All moved the same way (higher)")
            .contains("the machine check's probe did not (+2 % ⚑ in time, under 5 %), so the machine's CPU speed does not explain it")
    }

    @Test
    fun `a previous run kept before the probe leaves a shift unexplained, said so`() {
        val before = PreviousRun("older", Figures.of(run(1000, 40.0)).filterNot { it.section == "machine" }.associateBy { it.key })
        val c = run(2000, 40.0, before)
        assertThat(FanoutRepeat.finding(c.fanoutCapacity, c)).endsWith(
            "the two runs do not both have the machine check's probe, so nothing here can lay it to the machine or clear it.")
    }
}
