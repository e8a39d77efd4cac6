package chatlab.stack

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.mock.env.MockEnvironment

class StackSettingsTest {
    private val embedded = StackSettings()

    @Test
    fun `a broker is embedded only for the relay, and only when none is configured`() {
        assertThat(embedded.embeddedBackends(MockEnvironment())).containsExactlyInAnyOrder(Backend.MYSQL, Backend.MONGODB, Backend.REDIS)
        assertThat(embedded.embeddedBackends(MockEnvironment().withProperty("chatlab.broker", "relay"))).contains(Backend.BROKER)
        assertThat(embedded.embeddedBackends(MockEnvironment().withProperty("chatlab.broker", "relay").withProperty("STOMP_RELAY_HOST", "rabbit")))
            .doesNotContain(Backend.BROKER)
        assertThat(embedded.embeddedBackends(MockEnvironment().withProperty("chatlab.broker", "relay").withProperty("chatlab.relay.host", "rabbit")))
            .doesNotContain(Backend.BROKER)
        assertThat(embedded.embeddedBackends(MockEnvironment().withProperty("chatlab.fleet.instances", "2"))).contains(Backend.BROKER)
        assertThat(embedded.embeddedBackends(MockEnvironment().withProperty("chatlab.fleet.instances", "2").withProperty("chatlab.broker", "simple")))
            .doesNotContain(Backend.BROKER)
        assertThat(StackSettings(mode = "external").embeddedBackends(MockEnvironment().withProperty("chatlab.broker", "relay"))).isEmpty()
    }

    @Test
    fun `a further deployment that relays embeds the broker beside a fleet on the simple broker`() {
        assertThat(embedded.embeddedBackends(MockEnvironment().withProperty("chatlab.fleet.deployments", "simple:1"))).doesNotContain(Backend.BROKER)
        assertThat(embedded.embeddedBackends(MockEnvironment().withProperty("chatlab.fleet.deployments", "simple:1,relay:2"))).contains(Backend.BROKER)
        assertThat(embedded.embeddedBackends(MockEnvironment().withProperty("chatlab.fleet.deployments", "relay:1").withProperty("chatlab.relay.host", "rabbit")))
            .doesNotContain(Backend.BROKER)
    }
}
