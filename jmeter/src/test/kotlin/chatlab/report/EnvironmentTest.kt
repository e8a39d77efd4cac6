package chatlab.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.time.Instant

class EnvironmentTest {
    private fun read(dir: Path, info: String): Environment {
        val file = dir.resolve("server-info.json").also { Files.writeString(it, info) }
        return Environment.read(file, emptyMap(), emptyList(), Instant.EPOCH)
    }

    @Test
    fun `a run on two instances says so, with their ports and the broker that relayed between them`(@TempDir dir: Path) {
        val env = read(
            dir,
            """{"backends":{"broker":{"product":"Apache ActiveMQ Artemis","version":"2.42.0","origin":"embedded","label":"Apache ActiveMQ Artemis 2.42.0 (embedded)"}},
               "fleet":{"instances":2,"broker":"relay","urls":["http://127.0.0.1:41001","http://127.0.0.1:41002"]}}""",
        )
        assertThat(env.fleet).isEqualTo(Environment.Fleet(2, "relay", listOf("http://127.0.0.1:41001", "http://127.0.0.1:41002")))
        assertThat(Settings.environmentLines(env)).contains(
            "server: 2 instances on one machine (ports 41001, 41002), JMeter threads spread over them round robin, sharing one set of backends; " +
                "STOMP broker relay to Apache ActiveMQ Artemis 2.42.0 (embedded)",
        )
    }

    @Test
    fun `the deployments the fan-out loaded in turn are named with their instances and brokers`(@TempDir dir: Path) {
        val env = read(
            dir,
            """{"backends":{"broker":{"product":"Spring simple broker","version":"6.2","origin":"in-process","label":"Spring simple broker 6.2 (in-process)"},
                           "relay":{"product":"Apache ActiveMQ Artemis","version":"2.42.0","origin":"embedded","label":"Artemis (embedded)"}},
               "fleet":{"instances":1,"broker":"simple","urls":["http://127.0.0.1:41001"],"deployments":[
                 {"name":"simple-1","broker":"simple","instances":1,"urls":["http://127.0.0.1:41002"]},
                 {"name":"relay-2","broker":"relay","instances":2,"urls":["http://127.0.0.1:41003","http://127.0.0.1:41004"]},
                 {"name":"simple-1-outbound8","broker":"simple","instances":1,"urls":["http://127.0.0.1:41005"],"outboundThreads":8}]}}""",
        )
        assertThat(env.fleet!!.deployments.map { it.name to it.urls.size }).containsExactly("simple-1" to 1, "relay-2" to 2, "simple-1-outbound8" to 1)
        assertThat(Settings.environmentLines(env)).contains(
            "fan-out deployments, loaded in turn (instances of their own, started by the first, on its backends and data): " +
                "simple-1: 1 instance, Spring's in-memory simple broker; relay-2: 2 instances, STOMP broker relay to Artemis (embedded); " +
                "simple-1-outbound8: 1 instance, Spring's in-memory simple broker, writing to its clients on 8 outbound threads (a deployment without its own: the first instance's, by default Spring's twice the cores)",
        )
    }

    @Test
    fun `one instance names the in-memory broker, and a server that did not report its fleet gets no line`(@TempDir dir: Path) {
        val one = read(dir, """{"fleet":{"instances":1,"broker":"simple","urls":["http://127.0.0.1:41001"]}}""")
        assertThat(Settings.environmentLines(one)).contains("server: 1 instance, Spring's in-memory simple broker")
        val older = read(dir, """{"backends":{}}""")
        assertThat(older.fleet).isNull()
        assertThat(Settings.environmentLines(older)).noneMatch { it.startsWith("server:") }
    }

    @Test
    fun `what ran unmeasured before round 1 is named, the warm-up and the warm round when it ran`() {
        fun before(settings: Map<String, String>) =
            Settings.environmentLines(Environment(emptyMap(), emptyMap(), settings, Instant.EPOCH, null, null)).filter { it.startsWith("before round 1") }
        val warmUp = mapOf("warmUpSeconds" to "30", "warmUpFrom" to "10", "warmUpTo" to "100")
        assertThat(before(warmUp + ("warmRound" to "false"))).singleElement().asString().contains("a 30 s server warm-up").doesNotContain("warm round")
        assertThat(before(warmUp + ("warmRound" to "true"))).singleElement().asString().contains("a 30 s server warm-up")
            .contains("then the warm round: every selected plan once")
    }

    @Test
    fun `a server whose JIT stops short of the optimising compiler is labelled, one at full speed is not`(@TempDir dir: Path) {
        fun jvmLine(jit: String) = Settings.environmentLines(
            read(dir, """{"machine":{"cpus":2,"os":"Linux","jvm":"OpenJDK 17","maxHeapMb":2048$jit}}"""),
        ).single { it.startsWith("server JVM:") }
        assertThat(jvmLine("")).isEqualTo("server JVM: OpenJDK 17, max heap 2048 MB")
        assertThat(jvmLine(""","jit":"-XX:TieredStopAtLevel=1"""")).isEqualTo(
            "server JVM: OpenJDK 17, max heap 2048 MB; JIT limited by -XX:TieredStopAtLevel=1 (every instance), so its figures are not a steady-state server's",
        )
    }

    @Test
    fun `the machine line says where the load came from, local JMeter, loopback engines or engines elsewhere`(@TempDir dir: Path) {
        val info = dir.resolve("server-info.json").also { Files.writeString(it, """{"machine":{"cpus":"2","os":"Linux"}}""") }
        fun machineLine(remotes: String?) = Settings.environmentLines(
            Environment.read(info, listOfNotNull(remotes?.let { "remotes" to it }).toMap(), emptyList(), Instant.EPOCH),
        ).single { it.startsWith("server machine:") }
        assertThat(machineLine(null)).isEqualTo("server machine: 2 CPUs, Linux; JMeter ran on the same machine")
        assertThat(machineLine("")).isEqualTo(machineLine(null))
        assertThat(machineLine("loopback")).contains("one engine (jmeter-server) that the build started on loopback").contains("distributed mode")
        assertThat(machineLine("10.0.0.7:1099")).contains("the JMeter engine at 10.0.0.7:1099").contains("not the server's")
        assertThat(machineLine("loopback:2")).contains("2 engines (jmeter-server) that the build started on loopback")
            .contains("each offered 1/2 of every rate").contains("took every 2nd member").contains("the JMeter column is the first engine's CPU")
        assertThat(machineLine("10.0.0.7:1099, 10.0.0.8:1099")).contains("from 2 JMeter engines, at 10.0.0.7:1099, 10.0.0.8:1099")
            .contains("one ladder decided on every engine's samples").contains("describe the first engine's machine")
    }
}
