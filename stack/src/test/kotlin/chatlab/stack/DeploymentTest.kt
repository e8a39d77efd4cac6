package chatlab.stack

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.springframework.mock.env.MockEnvironment

class DeploymentTest {

    @Test
    fun `a deployment is written broker colon instances and named broker dash instances`() {
        assertThat(Deployment.parse(" relay : 2 ")).isEqualTo(Deployment(Deployment.RELAY, 2))
        assertThat(Deployment.parse("SIMPLE:1").name).isEqualTo("simple-1")
        assertThat(FleetSettings.from(MockEnvironment().withProperty("chatlab.fleet.deployments", "simple:1,relay:1,relay:2")).groups.map { it.name })
            .containsExactly("simple-1", "relay-1", "relay-2")
        assertThat(FleetSettings.from(MockEnvironment()).groups).isEmpty()
    }

    @Test
    fun `a deployment may write to its clients on an outbound pool of its own, and is named after it`() {
        assertThat(Deployment.parse("simple:1:outbound=8")).isEqualTo(Deployment(Deployment.SIMPLE, 1, outboundThreads = 8))
        assertThat(Deployment.parse(" relay:2 : Outbound = 16 ").name).isEqualTo("relay-2-outbound16")
        assertThat(FleetSettings.from(MockEnvironment().withProperty("chatlab.fleet.deployments", "simple:1,simple:1:outbound=1")).groups.map { it.name })
            .containsExactly("simple-1", "simple-1-outbound1")
    }

    @Test
    fun `a deployment that cannot work is refused at start with what to write instead`() {
        assertThatThrownBy { Deployment.parse("simple:2") }.hasMessageContaining("reaches one instance only; use relay:2")
        assertThatThrownBy { Deployment.parse("rabbit:1") }.hasMessageContaining("names no broker")
        assertThatThrownBy { Deployment.parse("relay") }.hasMessageContaining("<simple|relay>:<instances>")
        assertThatThrownBy { Deployment.parse("relay:two") }.hasMessageContaining("no instance count")
        assertThatThrownBy { Deployment.parse("relay:0") }.hasMessageContaining("1 to ${FleetSettings.MAX} instances")
        assertThatThrownBy { FleetSettings(instances = 4, deployments = listOf("relay:2", "relay:3")) }.hasMessageContaining("9 instances in all")
        assertThatThrownBy { Deployment.parse("simple:1:threads=8") }.hasMessageContaining("an option other than outbound=<threads>")
        assertThatThrownBy { Deployment.parse("simple:1:outbound=many") }.hasMessageContaining("no outbound thread count")
        assertThatThrownBy { Deployment.parse("simple:1:outbound") }.hasMessageContaining("no outbound thread count")
        assertThatThrownBy { Deployment.parse("simple:1:outbound=0") }.hasMessageContaining("takes a thread count of 1 or more")
        assertThatThrownBy { Deployment.parse("simple:1:outbound=8:x") }.hasMessageContaining("is not <simple|relay>:<instances>[:outbound=<threads>]")
    }
}
