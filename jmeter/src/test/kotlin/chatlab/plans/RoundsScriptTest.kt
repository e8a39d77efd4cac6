package chatlab.plans

import groovy.lang.Binding
import groovy.lang.GroovyObject
import groovy.lang.GroovyShell
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.nio.file.Path
import kotlin.io.path.readText

/** Which JMeter runs the load run makes, in which order, on which engines (`src/build/rounds.groovy`). */
class RoundsScriptTest {
    private val script = GroovyShell(Binding()).evaluate(Path.of("src/build/rounds.groovy").toFile()) as GroovyObject
    private val all = listOf("history", "sends", "seats", "counters", "pool", "fanout")

    @Suppress("UNCHECKED_CAST")
    private fun runs(selected: List<String>, rounds: Int, judged: Int, remotes: String = "", two: String = "", skipPaths: String = "", warm: Boolean = false) =
        script.invokeMethod("runs", arrayOf(selected, rounds, judged, remotes, two, skipPaths, warm)) as List<Map<String, Any>>

    private fun List<Map<String, Any>>.names() =
        map { if (it["warm"] == true) "${it["plan"]} warm" else if (it["round"] == 0) "${it["plan"]}" else "${it["plan"]} ${it["round"]}" }

    @Suppress("UNCHECKED_CAST")
    private fun Map<String, Any>.properties() = this["properties"] as Map<String, String>

    private val jmeter = mapOf("home" to "/j", "jar" to "ApacheJMeter.jar", "plans" to "/t", "results" to "/r", "reports" to "/o", "logs" to "/l", "dashboards" to "true")

    @Suppress("UNCHECKED_CAST")
    private fun arguments(run: Map<String, Any>) = script.invokeMethod("arguments", arrayOf(run, jmeter)) as List<String>

    @Test
    fun `the warm round runs every selected plan once before round 1, shorter, unmeasured and without the stand-in`() {
        val r = runs(all, 2, 3, warm = true)
        assertThat(r.names().take(10)).containsExactly(
            "preflight", "warm-up", "history warm", "sends warm", "seats warm", "counters warm", "pool warm", "fanout warm", "history 1", "sends 1",
        )
        val warm = r.filter { it["warm"] == true }
        assertThat(warm.map { it.properties() }).allSatisfy {
            assertThat(it).containsEntry("warmRound", "true").containsEntry("refineSteps", "0")
        }
        assertThat(warm.first().properties()).containsEntry("stepSeconds", "1").containsEntry("threads", "0")
        assertThat(warm.last().properties()).containsEntry("fanoutMembers", "100").containsEntry("fanoutRooms", "79")
        // Its samples, units and ladders go where the report does not look, with no dashboard; round 1's fan-out warms as
        // a later round does.
        assertThat(arguments(warm.first())).containsSequence("-l", "/r/warm-round/history.csv").contains("-JunitsFile=/r/warm-round/units.csv")
            .doesNotContain("-e")
        assertThat(arguments(warm.first() + ("engines" to "h:1"))).contains("-GunitsFile=/r/warm-round/units.csv")
        val one = mapOf("round" to "1")
        assertThat(r.filter { it["round"] == 1 }.map { it["properties"] }).containsExactly(
            one, one, one, one, one, one + mapOf("fanoutFirstWarmUpSeconds" to "0"),
        )
        assertThat(warm.map { it.properties()["round"] }).containsOnly("0")
        assertThat(runs(all, 2, 3).filter { it["warm"] == true }).isEmpty()
        for (plan in listOf("history", "sends")) assertThat(Path.of("src/test/jmeter/$plan.jmx").readText()).contains("\${__P(warmRound)}")
    }

    @Test
    fun `every plan runs on to the last judged round, history, sends, counters and fan-out without the units no verdict rests on`() {
        val r = runs(all, 2, 3)
        assertThat(r.names().take(8)).containsExactly("preflight", "warm-up", "history 1", "sends 1", "seats 1", "counters 1", "pool 1", "fanout 1")
        assertThat(r.names().drop(2 + 12)).containsExactly("history 3", "sends 3", "seats 3", "counters 3", "pool 3", "fanout 3")
        assertThat(r.filter { it["round"] == 3 }.map { (it["properties"] as Map<*, *>)["skipPaths"] })
            .containsExactly("reference:mysql-keyset,mix:*,capacity:*", "mongo,capacity:*", null, "threads:*", null, "fanout:*")
        assertThat(r.filter { (it["round"] as Int) in 1..2 }.map { it.properties() }).allMatch { it.keys == setOf("round") }
        assertThat(r.drop(2).map { it.properties()["round"] }).isEqualTo(r.drop(2).map { it["round"].toString() })
        assertThat(runs(all, 3, 5).names().drop(2 + 18)).containsExactly(
            "history 4", "sends 4", "seats 4", "counters 4", "pool 4", "fanout 4", "history 5", "sends 5", "seats 5", "counters 5", "pool 5", "fanout 5",
        )
    }

    @Test
    fun `a judged round skips what the run's own skipPaths skip as well as its own list`() {
        val r = runs(listOf("history", "fanout"), 2, 3, skipPaths = "mongo,mysql-offset")
        assertThat(r.filter { it["round"] == 3 }.map { (it["properties"] as Map<*, *>)["skipPaths"] })
            .containsExactly("mongo,mysql-offset,reference:mysql-keyset,mix:*,capacity:*", "mongo,mysql-offset,fanout:*")
        assertThat(r.filter { (it["round"] as Int) in 1..2 }.map { it.properties().keys }).allMatch { it == setOf("round") }
    }

    @Test
    fun `only the selected plans run, and the smoke size's second round runs on both engines`() {
        val r = runs(listOf("seats", "history"), 2, 2, "127.0.0.1:1", "127.0.0.1:1,127.0.0.1:2")
        assertThat(r.names()).containsExactly("preflight", "warm-up", "history 1", "seats 1", "history 2", "seats 2")
        assertThat(r.map { it["engines"] }).containsExactly("127.0.0.1:1", "127.0.0.1:1", "127.0.0.1:1", "127.0.0.1:1", "127.0.0.1:1,127.0.0.1:2", "127.0.0.1:1,127.0.0.1:2")
        assertThat(r.last()["properties"]).isEqualTo(mapOf("round" to "2", "engineList" to "127.0.0.1:1,127.0.0.1:2"))
    }

    @Test
    fun `a run sends its own properties to its engines, and a plan reads every property a round sets`() {
        val run = mapOf("plan" to "sends", "round" to 4, "engines" to "h:1", "properties" to mapOf("skipPaths" to "mongo"))
        val command = arguments(run)
        assertThat(command).containsSequence("-d", "/j", "-n")
            .containsSequence("-t", "/t/sends.jmx", "-l", "/r/round-4/sends.csv").containsSequence("-e", "-o", "/o/round-4/sends")
            .contains("-JskipPaths=mongo", "-GskipPaths=mongo", "-G/j/bin/global.properties").containsSequence("-R", "h:1")
        for (plan in listOf("history", "sends", "counters", "fanout")) assertThat(Path.of("src/test/jmeter/$plan.jmx").readText()).contains("\${__P(skipPaths)}")
        assertThat(Path.of("src/test/jmeter/seats.jmx").readText()).contains("\${__P(engineList)}")
        assertThat(Path.of("src/test/jmeter/pool.jmx").readText()).contains("\${__P(round)}")
    }
}
