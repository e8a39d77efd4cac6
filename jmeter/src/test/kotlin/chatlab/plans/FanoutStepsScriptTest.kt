package chatlab.plans

import groovy.lang.Binding
import groovy.lang.Closure
import groovy.lang.GroovyShell
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path

/**
 * The fan-out plan's slots (`scripts/fanout-steps.groovy`) on JMeter's Groovy: which room size runs on which deployment
 * and its instances' ports, and which warm-up lasts long.
 */
class FanoutStepsScriptTest {
    private fun steps(dir: Path, info: String?, slots: String = "12"): Map<*, *> {
        val file = dir.resolve("server-info.json").also { f -> info?.let { Files.writeString(f, it) } }
        val vars = FanoutAuditScriptTest.Vars(mutableMapOf(
            "fanoutMembers" to "10,100", "fanoutRooms" to "80,79", "fanoutJoinRate" to "200", "fanoutSettle" to "1000", "fanoutSenders" to "4",
            "fanoutLostAfter" to "2000", "openTimeout" to "1000", "fanoutWarmUpSeconds" to "8", "fanoutFirstWarmUpSeconds" to "40", "fanoutRoundWarmUpSeconds" to "30", "fanoutWarmUpRate" to "1000", "fanoutMinMessages" to "8", "infoFile" to file.toString(), "port" to "8080", "fanoutSlots" to slots,
        ))
        return GroovyShell(Binding().apply { setVariable("vars", vars) }).evaluate(Path.of("src/test/jmeter/scripts/fanout-steps.groovy").toFile()) as Map<*, *>
    }

    private fun Map<*, *>.call(name: String, vararg args: Any?): Any? = (get(name) as Closure<*>).call(*args)

    @Test
    fun `each room size runs on every deployment in turn, on that deployment's ports`(@TempDir dir: Path) {
        val steps = steps(dir, """{"fleet":{"instances":1,"broker":"simple","urls":["http://127.0.0.1:8080"],"deployments":[
            {"name":"simple-1","broker":"simple","instances":1,"urls":["http://127.0.0.1:9001"]},
            {"name":"relay-2","broker":"relay","instances":2,"urls":["http://127.0.0.1:9002","http://127.0.0.1:9003"]}]}}""")
        val slots = (1..5).map { steps.call("slot", it.toString()) as Map<*, *>? }
        assertThat(slots.map { it?.get("path") }).containsExactly("10 members on simple-1", "10 members on relay-2", "100 members on simple-1", "100 members on relay-2", null)
        assertThat(slots.take(4).map { it!!["room"] }).containsExactly(80L, 80L, 79L, 79L)
        assertThat(slots[1]!!["ports"]).isEqualTo(listOf("9002", "9003"))
        val step = steps.call("step", "10 members on relay-2", 80L, listOf("9002", "9003"), 1000.0, 4.0, 0L, 0L) as Map<*, *>
        val state = (step["extra"] as Map<*, *>)["fanout"] as Map<*, *>
        assertThat(state["ports"]).isEqualTo(listOf("9002", "9003"))
        assertThat((step["extra"] as Map<*, *>)["sendRate"]).isEqualTo(100.0)
    }

    @Test
    fun `without deployments the fleet runs every room, and only a process's first warm-up on a deployment lasts long, its very first longest`(@TempDir dir: Path) {
        val steps = steps(dir, """{"fleet":{"instances":2,"broker":"relay","urls":["http://127.0.0.1:8080","http://127.0.0.1:8081"],"deployments":[]}}""")
        assertThat((1..3).map { (steps.call("slot", it.toString()) as Map<*, *>?)?.get("path") }).containsExactly("10 members", "100 members", null)
        assertThat((steps.call("slot", "1") as Map<*, *>)["ports"]).isEqualTo(listOf("8080", "8081"))
        assertThat(steps.call("warmUp", "", 1.0, 125.0, false)).describedAs("a later round's first warm-up: its plan starts afresh")
            .isEqualTo(mapOf("seconds" to 30.0, "rate" to 1000.0))
        assertThat(steps.call("warmUp", "", 1.0, 125.0, false)).describedAs("the second warm-up in this process").isNull()
        assertThat(steps.call("warmUp", "relay-2", 1.0, 2000.0, false)).describedAs("another deployment's first, in a warm process; a ladder that starts higher keeps its rate")
            .isEqualTo(mapOf("seconds" to 8.0, "rate" to 2000.0))
        assertThat(steps.call("warmUp", "relay-1", 1.0, 125.0, true)).describedAs("the run's first round: the deployment has served nothing yet")
            .isEqualTo(mapOf("seconds" to 40.0, "rate" to 1000.0))
        assertThat(steps.call("seconds", "500 members on relay-2", 125.0, 4.0)).describedAs("8 messages to 500 members at 125 deliveries/s").isEqualTo(32.0)
        assertThat(steps.call("seconds", "100 members", 125.0, 4.0)).isEqualTo(7.0)
        assertThat(steps.call("seconds", "10 members", 125.0, 4.0)).describedAs("a small room sends 8 messages within the step").isEqualTo(4.0)
        assertThat(steps.call("messages", 20.0, 8.0, 5.0) as String).startsWith(" rate(5/s) random_arrivals(8 s) rate(20/s) pause(")
        assertThat((steps(Files.createDirectories(dir.resolve("none")), null).call("slot", "1") as Map<*, *>)["ports"]).describedAs("no server info: the plan's port").isEqualTo(listOf("8080"))
    }

    @Test
    fun `a later round runs the first rate again only for a room whose p95 already took half the SLO there`(@TempDir dir: Path) {
        val steps = steps(dir, null)
        assertThat(steps.call("floorFirst", listOf(83.5, 12.0), 100.0)).describedAs("round 1 at 83.5 ms of 100").isEqualTo(true)
        assertThat(steps.call("floorFirst", listOf(50.0), 100.0)).describedAs("exactly half").isEqualTo(true)
        assertThat(steps.call("floorFirst", listOf(49.5, 20.0), 100.0)).isEqualTo(false)
        assertThat(steps.call("floorFirst", emptyList<Double>(), 100.0)).describedAs("no earlier round ran the first rate").isEqualTo(false)
    }

    @Test
    fun `a run that needs more room slots than the plan holds stops before its first room`(@TempDir dir: Path) {
        val info = """{"fleet":{"instances":1,"broker":"simple","urls":["http://127.0.0.1:8080"],"deployments":[
            {"name":"simple-1","broker":"simple","instances":1,"urls":["http://127.0.0.1:9001"]},
            {"name":"relay-2","broker":"relay","instances":2,"urls":["http://127.0.0.1:9002","http://127.0.0.1:9003"]}]}}"""
        assertThat((steps(dir, info, slots = "4").call("slot", "4") as Map<*, *>)["path"]).isEqualTo("100 members on relay-2")
        assertThatThrownBy { steps(dir, info, slots = "3") }.hasMessageContaining("2 room sizes on 2 deployments need 4 room slots; the fan-out plan holds 3")
    }
}
