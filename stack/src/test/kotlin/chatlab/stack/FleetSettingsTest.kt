package chatlab.stack

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.support.DefaultListableBeanFactory
import org.springframework.boot.DefaultApplicationArguments
import org.springframework.mock.env.MockEnvironment
import java.time.Duration

class FleetSettingsTest {

    @Test
    fun `the fleet's settings bind from the environment with their defaults`() {
        val settings = FleetSettings.from(MockEnvironment().withProperty("chatlab.fleet.instances", "3")
            .withProperty("chatlab.fleet.deployments", "simple:1,relay:2").withProperty("chatlab.fleet.start-timeout", "90s"))
        assertThat(settings.instances).isEqualTo(3)
        assertThat(settings.groups.map { it.name }).containsExactly("simple-1", "relay-2")
        assertThat(settings.startTimeout).isEqualTo(Duration.ofSeconds(90))
        assertThat(FleetSettings.from(MockEnvironment())).isEqualTo(FleetSettings())
    }

    @Test
    fun `a fleet larger than eight instances is refused with the count it would start`() {
        assertThatThrownBy { FleetSettings.from(MockEnvironment().withProperty("chatlab.fleet.instances", "9")) }
            .hasMessageContaining("between 1 and 8, was 9")
    }

    @Test
    fun `an instance on its own starts nobody and lists no further instance`() {
        val env = MockEnvironment()
        FleetLauncher(env, DefaultListableBeanFactory()).run(DefaultApplicationArguments())
        assertThat(env.propertySources.contains(FleetLauncher.MEMBERS)).isFalse()
    }
}
