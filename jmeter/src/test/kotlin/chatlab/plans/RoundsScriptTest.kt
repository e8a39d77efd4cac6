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
    private fun runs(selected: List<String>, rounds: Int, judged: Int, remotes: String = "", two: String = "", skipPaths: String = "") =
        script.invokeMethod("runs", arrayOf(selected, rounds, judged, remotes, two, skipPaths)) as List<Map<String, Any>>

    private fun List<Map<String, Any>>.names() = map { if (it["round"] == 0) "${it["plan"]}" else "${it["plan"]} ${it["round"]}" }

    @Test
    fun `the main run interleaves every plan in three rounds, then runs history, sends and the fan-out on to round five`() {
        val r = runs(all, 3, 5)
        assertThat(r.names().take(8)).containsExactly("preflight", "warm-up", "history 1", "sends 1", "seats 1", "counters 1", "pool 1", "fanout 1")
        assertThat(r.names().drop(2 + 18)).containsExactly("history 4", "sends 4", "fanout 4", "history 5", "sends 5", "fanout 5")
        assertThat(r.filter { (it["round"] as Int) > 3 }.map { (it["properties"] as Map<*, *>)["skipPaths"] })
            .containsExactly("reference:mysql-keyset,capacity:instrument,mix:*", "mongo,instrument-ws", null, "reference:mysql-keyset,capacity:instrument,mix:*", "mongo,instrument-ws", null)
        assertThat(r.filter { (it["round"] as Int) <= 3 }.map { it["properties"] }).allMatch { (it as Map<*, *>).isEmpty() }
    }

    @Test
    fun `a judged round skips what the run's own skipPaths skip as well as its own list`() {
        val r = runs(listOf("history", "fanout"), 2, 3, skipPaths = "mongo,mysql-offset")
        assertThat(r.filter { it["round"] == 3 }.map { (it["properties"] as Map<*, *>)["skipPaths"] })
            .containsExactly("mongo,mysql-offset,reference:mysql-keyset,capacity:instrument,mix:*", null)
        assertThat(r.filter { (it["round"] as Int) <= 2 }.map { it["properties"] }).allMatch { (it as Map<*, *>).isEmpty() }
    }

    @Test
    fun `only the selected plans run, and the smoke size's second round runs on both engines`() {
        val r = runs(listOf("seats", "history"), 2, 2, "127.0.0.1:1", "127.0.0.1:1,127.0.0.1:2")
        assertThat(r.names()).containsExactly("preflight", "warm-up", "history 1", "seats 1", "history 2", "seats 2")
        assertThat(r.map { it["engines"] }).containsExactly("127.0.0.1:1", "127.0.0.1:1", "127.0.0.1:1", "127.0.0.1:1", "127.0.0.1:1,127.0.0.1:2", "127.0.0.1:1,127.0.0.1:2")
        assertThat(r.last()["properties"]).isEqualTo(mapOf("engineList" to "127.0.0.1:1,127.0.0.1:2"))
    }

    @Test
    fun `a run sends its own properties to its engines, and a plan reads every property a round sets`() {
        val run = mapOf("plan" to "sends", "round" to 4, "engines" to "h:1", "properties" to mapOf("skipPaths" to "mongo"))
        val jmeter = mapOf("home" to "/j", "jar" to "ApacheJMeter.jar", "plans" to "/t", "results" to "/r", "reports" to "/o", "logs" to "/l", "dashboards" to "true")
        @Suppress("UNCHECKED_CAST")
        val command = script.invokeMethod("arguments", arrayOf(run, jmeter)) as List<String>
        assertThat(command).containsSequence("-d", "/j", "-n")
            .containsSequence("-t", "/t/sends.jmx", "-l", "/r/round-4/sends.csv").containsSequence("-e", "-o", "/o/round-4/sends")
            .contains("-JskipPaths=mongo", "-GskipPaths=mongo", "-G/j/bin/global.properties").containsSequence("-R", "h:1")
        for (plan in listOf("history", "sends")) assertThat(Path.of("src/test/jmeter/$plan.jmx").readText()).contains("\${__P(skipPaths)}")
        assertThat(Path.of("src/test/jmeter/seats.jmx").readText()).contains("\${__P(engineList)}")
    }
}
