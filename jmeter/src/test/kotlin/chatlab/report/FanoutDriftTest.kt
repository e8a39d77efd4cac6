package chatlab.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.time.Instant

class FanoutDriftTest {
    @Test
    fun `capacities that rise or fall with the rounds are a drift, a scatter about one level is not`() {
        // Session 28, one run: a room of 10 on relay-2 and a room of 100 on relay-2, then the same rooms in the next run.
        assertThat(FanoutDrift.direction(listOf(421.0, 709.0, 1193.0, 1686.0, 1686.0))).isEqualTo(1)
        assertThat(FanoutDrift.direction(listOf(0.0, 1682.0, 2828.0, 3363.0, 4000.0))).isEqualTo(1)
        assertThat(FanoutDrift.direction(listOf(2828.0, 3999.0, 3363.0, 4755.0, 3363.0))).isEqualTo(0)
        assertThat(FanoutDrift.direction(listOf(6727.0, 5657.0, 6727.0, 8000.0, 5657.0))).isEqualTo(0)
        assertThat(FanoutDrift.direction(listOf(2000.0, 1414.0, 1189.0, 1000.0))).isEqualTo(-1)
        // In order, but within a rung of one level (1,682 → 2,828 is ×1.28 from the first two rounds to the last two).
        assertThat(FanoutDrift.direction(listOf(1682.0, 2378.0, 2378.0, 2378.0, 2828.0))).isEqualTo(0)
        assertThat(FanoutDrift.direction(listOf(500.0, 1000.0, 2000.0))).describedAs("three rounds tell no order").isEqualTo(0)
    }

    @Test
    fun `the fan-out findings name a room whose capacity rose with the rounds, and no other`() {
        fun step(members: Int, rate: Int, elapsed: Long, round: Int) =
            (0 until 40).map { Sample(it * 10L, elapsed, "delivery [$members members] capacity@$rate", "200", "", true, "", "", round) }
        val rising = (1..4).flatMap { round -> step(10, 500, 20, round) + step(10, 1000, if (round >= 2) 40 else 300, round) + step(10, 2000, if (round >= 3) 60 else 300, round) }
        val level = (1..4).flatMap { round -> step(100, 500, 20, round) + step(100, 1000, 300, round) }
        val c = ComparisonBuilder(rising + level, Environment(emptyMap(), mapOf("cpus" to "2"), mapOf("fanoutSlo" to "100", "fanoutRates" to "500,1000,2000"),
            Instant.EPOCH, null, null), slo = 50.0).build()
        val drift = FanoutExperiment.findings(c).filter { "with the rounds" in it }
        assertThat(drift).singleElement().asString()
            .startsWith("Fan-out, 10 members: its capacity rose with the rounds (500 → 1,000 → 2,000 → 2,000 deliveries/s, rounds 1–4)")
            .contains("still warming")
    }
}
