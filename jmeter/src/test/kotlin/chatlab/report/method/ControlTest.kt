package chatlab.report.method

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

class ControlTest {
    private fun blocks(vararg figures: Double) = figures.withIndex().associate { (i, f) -> i + 1 to f }

    @Test
    fun `the twin is set against its original on the blocks both ran, whatever else competes`() {
        val control = Control.twinOf("history", "read avg", mapOf(
            "a" to blocks(10.0, 12.0, 9.0, 11.0, 10.0, 13.0, 10.0),
            "a again" to blocks(10.0, 12.0, 9.0, 11.0, 10.0, 13.0),
            "b" to blocks(30.0, 30.0, 30.0, 30.0, 30.0, 30.0, 30.0),
        ), planted = 0.25)!!
        assertThat(control.ratio.a).isEqualTo("a again")
        assertThat(control.ratio.b).isEqualTo("a")
        assertThat(control.ratio.blocks).isEqualTo(6)
        assertThat(control.ratio.figure).isEqualTo("read avg")
        assertThat(control.planted).isEqualTo(0.25)
        assertThat(control.plantedFound).isFalse()
        assertThat(control.holds).describedAs("a planted difference it did not find").isFalse()
    }

    @Test
    fun `a control that cannot be planted carries no plant, and without a twin, its original or a shared block there is none`() {
        val unplantable = Control.twinOf("seats", "entry avg", mapOf("a" to blocks(1.0, 2.0), "a again" to blocks(1.0, 2.0)), planted = 0.25, notPlanted = Control.RUSH)!!
        assertThat(unplantable.planted).isEqualTo(0.0)
        assertThat(unplantable.holds).isTrue()
        assertThat(Control.twinOf("x", "f", mapOf("a" to blocks(1.0), "b" to blocks(2.0)))).isNull()
        assertThat(Control.twinOf("x", "f", mapOf("b again" to blocks(1.0), "a" to blocks(2.0)))).isNull()
        assertThat(Control.twinOf("x", "f", mapOf("a" to mapOf(1 to 1.0), "a again" to mapOf(2 to 1.0)))).isNull()
    }
}
