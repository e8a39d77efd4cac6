package chatlab.report.method

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

class RatioRepeatTest {
    private fun ratio(a: String, b: String, estimate: Double, low: Double?, high: Double?, experiment: String = "sends", control: Boolean = false, figure: String = "send avg") =
        KeptRatio(experiment, control, figure, a, b, estimate, low, high, 12)

    @Test
    fun `a pair told apart on opposite sides in the two runs is a reversal, whichever way round each run names it`() {
        val before = listOf(ratio("mysql", "sqlite-tuned", 1.6, 1.4, 1.8))
        val now = listOf(ratio("sqlite-tuned", "mysql", 1.3, 1.15, 1.5))
        val repeat = RatioRepeat.of(now, before)!!
        val match = repeat.matches.single()
        assertThat(match.before.a).isEqualTo("sqlite-tuned")
        assertThat(match.before.estimate).isEqualTo(1 / 1.6)
        assertThat(match.before.low).isEqualTo(1 / 1.8)
        assertThat(match.reversed).isTrue()
        assertThat(match.overlap).isFalse()
        assertThat(repeat.reversals).containsExactly(match)
        assertThat(repeat.moved).isEmpty()
        val lines = repeat.lines()
        assertThat(lines.first().first).contains("1 REVERSED")
        assertThat(lines.first().second).isFalse()
        assertThat(lines[1].first).isEqualTo("REVERSED: sends sqlite-tuned / mysql, send avg: 1.30× (1.15–1.50, 12 blocks), was 0.63× (0.56–0.71, 12 blocks)")
    }

    @Test
    fun `a tie in one run against a difference in the other is no reversal, and overlapping intervals are no move`() {
        val before = listOf(ratio("mysql", "sqlite-tuned", 1.6, 1.4, 1.8), ratio("sqlite", "sqlite-tuned", 1.3, 1.2, 1.4))
        val now = listOf(ratio("mysql", "sqlite-tuned", 1.05, 0.9, 1.2), ratio("sqlite", "sqlite-tuned", 1.35, 1.25, 1.45))
        val repeat = RatioRepeat.of(now, before)!!
        assertThat(repeat.reversals).isEmpty()
        assertThat(repeat.moved.map { it.now.a }).containsExactly("mysql")
        assertThat(repeat.matches.single { it.now.a == "sqlite" }.overlap).isTrue()
        assertThat(repeat.lines().first()).isEqualTo(
            "Paired ratios against the previous like run: 2 verdict and 0 control pairs both runs name; intervals overlap for 1 of 2; no verdict reversed." to true)
        assertThat(repeat.lines().drop(1).map { it.first }).containsExactly("intervals apart: sends mysql / sqlite-tuned, send avg: 1.05× (0.90–1.20, 12 blocks), was 1.60× (1.40–1.80, 12 blocks)")
    }

    @Test
    fun `only the same experiment, figure, kind and contenders match, and a ratio without an interval overlaps everything`() {
        val before = listOf(
            ratio("mysql", "sqlite", 2.0, 1.8, 2.2, figure = "read avg"), ratio("mysql", "sqlite", 2.0, 1.8, 2.2, experiment = "pool"),
            ratio("mysql again", "mysql", 1.0, 0.9, 1.1, control = true), ratio("sqlite", "mysql", 1.0, null, null),
        )
        val now = listOf(ratio("mysql", "sqlite", 0.5, 0.4, 0.6), ratio("mysql again", "mysql", 1.02, 0.95, 1.08, control = true))
        assertThat(RatioRepeat.of(now.take(1), before.take(2))).isNull()
        val repeat = RatioRepeat.of(now, before)!!
        assertThat(repeat.matches.map { it.now.a }).containsExactly("mysql", "mysql again")
        assertThat(repeat.matches.first().before.low).isNull()
        assertThat(repeat.matches).allSatisfy { assertThat(it.overlap).isTrue() }
        assertThat(repeat.reversals).isEmpty()
        assertThat(repeat.lines().first().first).contains("1 verdict and 1 control pairs")
    }
}
