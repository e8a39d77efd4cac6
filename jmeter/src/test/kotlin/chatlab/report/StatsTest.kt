package chatlab.report

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.within
import org.junit.jupiter.api.Test

class StatsTest {
    private fun times(vararg counts: Pair<Int, Int>) = counts.flatMap { (ms, n) -> List(n) { ms.toDouble() } }.sorted()

    @Test
    fun `a percentile is read inside the millisecond it falls in, not rounded to a whole one`() {
        // 100 samples: 90 of 3 ms, 10 of 4 ms. The 95th lies half-way through the 4 ms samples, so half-way through 3.5–4.5 ms.
        assertThat(percentile(times(3 to 90, 4 to 10), 0.95)).isCloseTo(4.0, within(1e-9))
        // 94 of 3 ms: the 95th is the first of the 6 at 4 ms, 1/6 of the way into its interval.
        assertThat(percentile(times(3 to 94, 4 to 6), 0.95)).isCloseTo(3.5 + 1.0 / 6, within(1e-9))
        // 96 of 3 ms: the 95th is inside the 3 ms samples, 95/96 of the way through 2.5–3.5 ms.
        assertThat(percentile(times(3 to 96, 4 to 4), 0.95)).isCloseTo(2.5 + 95.0 / 96, within(1e-9))
    }

    @Test
    fun `a p95 moves with the share of slower samples, where nearest rank jumps a whole millisecond`() {
        val p95s = (90..99).map { fast -> percentile(times(3 to fast, 4 to 100 - fast), 0.95) }
        assertThat(p95s.zipWithNext()).allSatisfy { (a, b) -> assertThat(b).isLessThan(a) }
        assertThat(p95s.zipWithNext { a, b -> a - b }).allSatisfy { assertThat(it).isLessThan(0.5) }
    }

    @Test
    fun `zero milliseconds stands for under half a millisecond, and an empty list for nothing`() {
        assertThat(percentile(times(0 to 100), 0.5)).isCloseTo(0.25, within(1e-9))
        assertThat(percentile(emptyList(), 0.95)).isEqualTo(0.0)
        val stats = Stats.of(List(20) { Sample(it * 50L, 12, "x", "200", "", true, "", "", 1) })
        assertThat(stats.p95).isCloseTo(12.45, within(1e-9))
        assertThat(stats.p50).isCloseTo(12.0, within(1e-9))
    }
}
