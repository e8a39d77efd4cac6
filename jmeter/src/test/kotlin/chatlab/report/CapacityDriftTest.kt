package chatlab.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.time.Instant

class CapacityDriftTest {
    @Test
    fun `capacities that rise or fall with the rounds are a drift, a scatter about one level is not`() {
        // A measured run: a room of 10 on relay-2 and a room of 100 on relay-2, then the same rooms in the next run.
        assertThat(CapacityDrift.direction(listOf(421.0, 709.0, 1193.0, 1686.0, 1686.0))).isEqualTo(1)
        assertThat(CapacityDrift.direction(listOf(0.0, 1682.0, 2828.0, 3363.0, 4000.0))).isEqualTo(1)
        assertThat(CapacityDrift.direction(listOf(2828.0, 3999.0, 3363.0, 4755.0, 3363.0))).isEqualTo(0)
        assertThat(CapacityDrift.direction(listOf(6727.0, 5657.0, 6727.0, 8000.0, 5657.0))).isEqualTo(0)
        assertThat(CapacityDrift.direction(listOf(2000.0, 1414.0, 1189.0, 1000.0))).isEqualTo(-1)
        // In order, but within a rung of one level (1,682 → 2,828 is ×1.28 from the first two rounds to the last two).
        assertThat(CapacityDrift.direction(listOf(1682.0, 2378.0, 2378.0, 2378.0, 2828.0))).isEqualTo(0)
        assertThat(CapacityDrift.direction(listOf(500.0, 1000.0, 2000.0))).describedAs("three rounds tell no order").isEqualTo(0)
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

    @Test
    fun `a fan-out room whose capacity fell with the rounds is laid to a cold later round or a slower machine, with the knob that warms it`() {
        fun step(rate: Int, elapsed: Long, round: Int) =
            (0 until 40).map { Sample(it * 10L, elapsed, "delivery [10 members] capacity@$rate", "200", "", true, "", "", round) }
        val falling = (1..4).flatMap { round -> step(500, 20, round) + step(1000, if (round <= 3) 40 else 300, round) + step(2000, if (round <= 2) 60 else 300, round) }
        val c = ComparisonBuilder(falling, Environment(emptyMap(), mapOf("cpus" to "2"), mapOf("fanoutSlo" to "100", "fanoutRates" to "500,1000,2000"),
            Instant.EPOCH, null, null), slo = 50.0).build()
        assertThat(FanoutExperiment.findings(c).filter { "with the rounds" in it }).singleElement().asString()
            .startsWith("Fan-out, 10 members: its capacity fell with the rounds (2,000 → 2,000 → 1,000 → 500 deliveries/s, rounds 1–4)")
            .contains("each round runs its plan afresh", "the machine slowed")
            .endsWith("or warm each later round longer first (fanoutRoundWarmUpSeconds).")
            .doesNotContain("probe")
        // With the machine check's probe before each round's unit, its time in those rounds is named beside the fall.
        val probed = c.copy(units = (1..4).map { UnitAccount("fanout", "fanout room 1", 60.0, true, 250, 10.0, 0.0, 20.0, 2, round = it, probeMs = 40.0 + it) })
        assertThat(FanoutExperiment.findings(probed).filter { "with the rounds" in it }).singleElement().asString()
            .contains("(the machine check's probe, a fixed piece of CPU work, took 41.0 → 42.0 → 43.0 → 44.0 ms in those rounds); its median depends on when it ran")
    }

    @Test
    fun `the read and send findings name a path whose capacity rose with the rounds, and no other`() {
        fun step(label: String, rate: Int, elapsed: Long, round: Int) =
            (0 until 20).map { Sample(it * 50L, elapsed, "$label capacity@$rate", "200", "", true, "", "", round) }
        fun rising(label: String) = (1..5).flatMap { round ->
            step(label, 100, 10, round) + step(label, 200, if (round >= 2) 20 else 90, round) + step(label, 400, if (round >= 4) 30 else 90, round)
        }
        fun level(label: String) = (1..5).flatMap { round -> step(label, 100, 10, round) + step(label, 200, 20, round) + step(label, 400, 90, round) }
        val samples = rising("get chat messages [mysql-offset]") + level("get chat messages [mysql-keyset]") +
            rising("send-to-delivery [sqlite-tuned]") + level("send-to-delivery [mysql]")
        val c = ComparisonBuilder(samples, Environment(emptyMap(), mapOf("cpus" to "2"), emptyMap(), Instant.EPOCH, null, null), slo = 50.0).build()
        assertThat(Findings.history(c).filter { "with the rounds" in it }).singleElement().asString()
            .startsWith("Reads, mysql-offset: its capacity rose with the rounds (100 → 200 → 200 → 400 → 400 reads/s, rounds 1–5)")
            .contains("warmUpPeakSeconds")
        assertThat(Findings.sends(c).filter { "with the rounds" in it }).singleElement().asString()
            .startsWith("Sends, sqlite-tuned: its capacity rose with the rounds (100 → 200 → 200 → 400 → 400 sends/s")
    }
}
