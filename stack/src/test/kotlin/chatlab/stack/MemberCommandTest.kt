package chatlab.stack

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.nio.file.Path

class MemberCommandTest {

    @Test
    fun `a further instance gets its own broker once, whatever broker and deployments the first was given`() {
        val command = MemberCommand.of(3, 9000, "1g", Path.of("/tmp/stack.properties"), "chatlab.Main",
            listOf("--chatlab.broker=", "--chatlab.fleet.deployments=relay:2", "--chatlab.fleet.instances=2", "--chatlab.seed.messages=10"), Deployment.RELAY)
        assertThat(command.filter { it.startsWith("--chatlab.broker") }).containsExactly("--chatlab.broker=relay")
        assertThat(command).contains("--chatlab.fleet.instances=1", "--chatlab.seed.messages=10", "--server.port=9000", "--chatlab.fleet.member=3")
            .doesNotContain("--chatlab.fleet.instances=2", "--chatlab.fleet.deployments=relay:2")
    }

    @Test
    fun `a deployment's own outbound pool replaces the first instance's, and without one the first's is kept`() {
        val args = listOf("--chatlab.stomp.outbound-threads=4", "--chatlab.seed.messages=10")
        val own = MemberCommand.of(2, 9000, "1g", Path.of("/tmp/stack.properties"), "chatlab.Main", args, Deployment.SIMPLE, outboundThreads = 8)
        assertThat(own.filter { it.startsWith("--chatlab.stomp.outbound-threads") }).containsExactly("--chatlab.stomp.outbound-threads=8")
        val inherited = MemberCommand.of(2, 9000, "1g", Path.of("/tmp/stack.properties"), "chatlab.Main", args, Deployment.SIMPLE)
        assertThat(inherited.filter { it.startsWith("--chatlab.stomp.outbound-threads") }).containsExactly("--chatlab.stomp.outbound-threads=4")
    }

    @Test
    fun `a further instance starts at its whole heap, its own and not the first's`() {
        val command = MemberCommand.of(2, 9000, "1g", Path.of("/tmp/stack.properties"), "chatlab.Main", listOf("--chatlab.seed.messages=10"), Deployment.RELAY)
        // Grown from the JVM's default under the first loads, the heap left a fan-out's round 1 holding less.
        assertThat(command.filter { it.startsWith("-Xms") || it.startsWith("-Xmx") }).containsExactly("-Xms1g", "-Xmx1g")
    }
}
