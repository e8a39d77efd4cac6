package chatlab.system.fleet

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.springframework.mock.env.MockEnvironment

class FleetTest {

    @Test
    fun `the chat server alone refuses to start further instances and says how to run them instead`() {
        assertThatThrownBy { Fleet(MockEnvironment().withProperty("chatlab.fleet.instances", "2")) }
            .hasMessageContaining("chatlab.fleet.instances=2 asks for further instances, which only the bench's fleet launcher starts").hasMessageContaining("server/README.md")
        assertThatThrownBy { Fleet(MockEnvironment().withProperty("chatlab.fleet.deployments", "relay:2")) }
            .hasMessageContaining("with chatlab.fleet.deployments asks for further instances")
        assertThat(Fleet(MockEnvironment()).members().map { it.index }).containsExactly(1)
    }

    @Test
    fun `the instances the launcher lists in the environment are the fleet's, grouped by deployment in their order`() {
        val env = MockEnvironment().withProperty("chatlab.fleet.launcher", "stack").withProperty("chatlab.fleet.instances", "2")
            .withProperty("local.server.port", "8081")
            .withProperty("chatlab.fleet.started[0].index", "2").withProperty("chatlab.fleet.started[0].port", "9002")
            .withProperty("chatlab.fleet.started[0].pid", "42")
            .withProperty("chatlab.fleet.started[1].index", "3").withProperty("chatlab.fleet.started[1].port", "9003")
            .withProperty("chatlab.fleet.started[1].pid", "43").withProperty("chatlab.fleet.started[1].deployment", "simple-1-outbound8")
            .withProperty("chatlab.fleet.started[1].broker", "simple").withProperty("chatlab.fleet.started[1].outbound-threads", "8")
        val fleet = Fleet(env)
        assertThat(fleet.members().map { it.baseUrl }).containsExactly("http://127.0.0.1:8081", "http://127.0.0.1:9002", "http://127.0.0.1:9003")
        assertThat(fleet.own().map { it.pid }).containsExactly(ProcessHandle.current().pid(), 42L)
        assertThat(fleet.deployments()).containsOnlyKeys("simple-1-outbound8")
        assertThat(fleet.deployments().getValue("simple-1-outbound8").single())
            .isEqualTo(FleetMember(3, 9003, 43, deployment = "simple-1-outbound8", broker = "simple", outboundThreads = 8))
    }

    @Test
    fun `once the server is ready the list is read no more, since the launcher has started every instance by then`() {
        val env = MockEnvironment().withProperty("chatlab.fleet.launcher", "stack").withProperty("local.server.port", "8081")
        val fleet = Fleet(env)
        fleet.onReady()
        env.setProperty("chatlab.fleet.started[0].index", "2")
        env.setProperty("chatlab.fleet.started[0].port", "9002")
        env.setProperty("chatlab.fleet.started[0].pid", "42")
        assertThat(fleet.members().map { it.port }).containsExactly(8081)
        assertThat(Fleet(env).members().map { it.port }).describedAs("read before the server is ready").containsExactly(8081, 9002)
    }
}
