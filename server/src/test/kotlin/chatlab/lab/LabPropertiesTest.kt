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
}
