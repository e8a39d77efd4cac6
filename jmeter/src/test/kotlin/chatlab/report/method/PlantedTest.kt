package chatlab.report.method

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

class PlantedTest {
    private val blocks = (1..6).associateWith { 10.0 + it }

    private fun control(twinShare: Double, higherIsWorse: Boolean = true) = Control(
        "pool", "read p95", PairedRatio.of("10 again", blocks.mapValues { it.value * twinShare + it.key * 0.01 }, "10", blocks), higherIsWorse, planted = 0.25,
    )

    @Test
    fun `a run with nothing planted is never failed by it`() {
        assertThat(Planted.check(0.0, emptyList())).isNull()
        assertThat(Planted.check(0.0, listOf(control(1.0).copy(planted = 0.0)))).isNull()
    }

    @Test
    fun `a planted run passes only when every control finds its twin the worse, and names the ones that did not`() {
        assertThat(Planted.check(0.25, listOf(control(1.25)))).isNull()
        assertThat(Planted.check(0.25, listOf(control(1.25), control(1.0))))
            .startsWith("FAILED: the planted difference of 25 % was not found by 1 of 2 A/A controls (pool read p95: 1.00×")
        // Where a higher figure is better (a capacity), the planted twin must come out lower.
        assertThat(Planted.check(0.25, listOf(control(0.8, higherIsWorse = false)))).isNull()
        assertThat(Planted.check(0.25, listOf(control(1.25, higherIsWorse = false)))).isNotNull()
    }

    @Test
    fun `a planted run without any control fails, since nothing could find it`() {
        assertThat(Planted.check(0.25, emptyList())).contains("no experiment that ran has an A/A control")
    }

    @Test
    fun `a control whose twin cannot carry a planted delay is left out of the check, and alone cannot pass it`() {
        val rush = control(1.0).copy(planted = 0.0, notPlanted = Control.RUSH)
        assertThat(Planted.check(0.25, listOf(control(1.25), rush))).isNull()
        assertThat(Planted.check(0.25, listOf(rush))).contains("no experiment that ran has an A/A control")
        assertThat(rush.holds).isTrue()
        assertThat(rush.sentence()).endsWith("not told apart, as it should be (no difference planted here: a rush at saturation hides a delay)")
    }
}
