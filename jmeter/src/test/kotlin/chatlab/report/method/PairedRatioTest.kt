package chatlab.report.method

import chatlab.report.method.PairedRatio.Call
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.assertj.core.api.Assertions.within
import org.junit.jupiter.api.Test
import java.util.Random
import kotlin.math.exp
import kotlin.math.ln

/** Paired ratios over blocks: the estimate, the interval the signed-rank test gives it, and what they call. */
class PairedRatioTest {
    /** Figures of [blocks] blocks that drift together by up to ±30 % from block to block, with ±[noise] of their own. */
    private fun pair(blocks: Int, factor: Double, noise: Double, random: Random): Pair<Map<Int, Double>, Map<Int, Double>> {
        val host = (1..blocks).associateWith { 1000 * (0.7 + 0.6 * random.nextDouble()) }
        fun own() = 1 + noise * (2 * random.nextDouble() - 1)
        return host.mapValues { (_, h) -> factor * h * own() } to host.mapValues { (_, h) -> h * own() }
    }

    @Test
    fun `a contender planted 25 % above the other is told apart in the right direction, its interval holding the planted factor`() {
        val (a, b) = pair(blocks = 12, factor = 1.25, noise = 0.05, random = Random(7))
        val ratio = PairedRatio.of("slowed", b, "plain", a)
        assertThat(ratio.blocks).isEqualTo(12)
        assertThat(ratio.call(margin = 0.05)).isEqualTo(Call.B_MORE)
        val flipped = PairedRatio.of("plain", a, "slowed", b)
        assertThat(flipped.call(margin = 0.05)).isEqualTo(Call.A_MORE)
        assertThat(flipped.low!!).isLessThan(1.25)
        assertThat(flipped.high!!).isGreaterThan(1.25)
        assertThat(flipped.estimate).isCloseTo(1.25, within(0.05))
    }

    @Test
    fun `the host's drift between blocks, shared by both contenders, does not widen the interval`() {
        val (a, b) = pair(blocks = 12, factor = 1.0, noise = 0.02, random = Random(11))
        val ratio = PairedRatio.of("a", a, "b", b)
        assertThat(ratio.high!! / ratio.low!!).describedAs("width of %s", ratio).isLessThan(1.05)
        assertThat(ratio.call(margin = 0.05)).isEqualTo(Call.NOT_TOLD_APART)
    }

    @Test
    fun `identical contenders are told apart in about one comparison in twenty, as a 95 % interval promises`() {
        val random = Random(20250128)
        val runs = 400
        val apart = (1..runs).count {
            val (a, b) = pair(blocks = 12, factor = 1.0, noise = 0.15, random = random)
            PairedRatio.of("a", a, "b", b).call(margin = 0.0) != Call.NOT_TOLD_APART
        }
        assertThat(apart.toDouble() / runs).isBetween(0.01, 0.09)
    }

    @Test
    fun `the interval ends at the Walsh averages the signed-rank table names, the 9th and 47th of 55 for ten blocks`() {
        val random = Random(3)
        val a = (1..10).associateWith { 100 + 40 * random.nextDouble() }
        val b = (1..10).associateWith { 100.0 }
        val logs = (1..10).map { ln(a.getValue(it) / 100.0) }
        val walsh = logs.indices.flatMap { i -> (i until logs.size).map { j -> (logs[i] + logs[j]) / 2 } }.sorted()
        val ratio = PairedRatio.of("a", a, "b", b)
        assertThat(ratio.low!!).isCloseTo(exp(walsh[8]), within(1e-12))
        assertThat(ratio.high!!).isCloseTo(exp(walsh[46]), within(1e-12))
        assertThat(ratio.estimate).isCloseTo(exp((walsh[27])), within(1e-12))
    }

    @Test
    fun `five blocks cannot give a 95 % interval, so they tell nothing apart however far they lie`() {
        val a = (1..5).associateWith { 200.0 + it }
        val b = (1..5).associateWith { 100.0 + it }
        val ratio = PairedRatio.of("a", a, "b", b)
        assertThat(ratio.low).isNull()
        assertThat(ratio.high).isNull()
        assertThat(ratio.call(margin = 0.05)).isEqualTo(Call.NOT_TOLD_APART)
        assertThat(PairedRatio.of("a", a + (6 to 206.0), "b", b + (6 to 106.0)).call(margin = 0.05)).isEqualTo(Call.A_MORE)
    }

    @Test
    fun `an interval that excludes 1 but lies within the practical margin is not told apart`() {
        val a = (1..12).associateWith { 103.0 + (it % 3) * 0.5 }
        val b = (1..12).associateWith { 100.0 }
        val ratio = PairedRatio.of("a", a, "b", b)
        assertThat(ratio.low!!).isGreaterThan(1.0)
        assertThat(ratio.call(margin = 0.05)).isEqualTo(Call.NOT_TOLD_APART)
        assertThat(ratio.call(margin = 0.01)).isEqualTo(Call.A_MORE)
    }

    @Test
    fun `only blocks both contenders ran, with a figure above zero, are paired`() {
        val ratio = PairedRatio.of("a", mapOf(1 to 2.0, 2 to 4.0, 3 to 0.0, 4 to 5.0), "b", mapOf(1 to 1.0, 2 to 2.0, 3 to 1.0))
        assertThat(ratio.ratios).containsExactly(2.0, 2.0)
        assertThatThrownBy { PairedRatio.of("a", mapOf(1 to 1.0), "b", mapOf(2 to 1.0)) }.hasMessageContaining("share no block")
    }

    @Test
    fun `blocks that all give one ratio give it as the interval once they are enough, and no interval before`() {
        val six = (1..6).associateWith { it.toDouble() }
        val same = PairedRatio.of("a", six.mapValues { it.value * 3 }, "b", six)
        assertThat(listOf(same.low!!, same.estimate, same.high!!)).allSatisfy { assertThat(it).isCloseTo(3.0, org.assertj.core.data.Offset.offset(1e-9)) }
        assertThat(same.call(0.1)).isEqualTo(PairedRatio.Call.A_MORE)
        val five = PairedRatio.of("a", (six - 6).mapValues { it.value * 3 }, "b", six - 6)
        assertThat(five.low).isNull()
    }
}
