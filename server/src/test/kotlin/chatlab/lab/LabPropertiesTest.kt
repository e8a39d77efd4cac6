package chatlab.lab

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import java.time.Duration

class LabPropertiesTest {
    @Test
    fun `an activity question measures the CPUs for 250 ms unless told otherwise`() {
        assertThat(LabProperties().idleWindow).isEqualTo(Duration.ofMillis(250))
        assertThat(LabProperties(idleWindow = Duration.ofMillis(100)).idleWindow).isEqualTo(Duration.ofMillis(100))
    }

    @Test
    fun `a window too short to read CPU ticks, or one that would hold every drain for long, is refused by name`() {
        listOf(Duration.ofMillis(10), Duration.ZERO, Duration.ofSeconds(-1), Duration.ofSeconds(6)).forEach { window ->
            assertThatThrownBy { LabProperties(idleWindow = window) }.hasMessageContaining("chatlab.lab.idle-window")
        }
    }

    @Test
    fun `nothing is planted unless asked, and a share below 0 or above 4 is refused by name`() {
        assertThat(LabProperties().plantedSlowdown).isZero()
        assertThat(LabProperties(plantedSlowdown = 0.25).plantedSlowdown).isEqualTo(0.25)
        listOf(-0.1, 4.5).forEach { share ->
            assertThatThrownBy { LabProperties(plantedSlowdown = share) }.hasMessageContaining("chatlab.lab.planted-slowdown")
        }
    }
}
