package chatlab.plans

import groovy.lang.Binding
import groovy.lang.GroovyShell
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import java.nio.file.Files
import java.nio.file.Path
import java.util.Properties

/** What the load run runs, from its settings (`src/build/selection.groovy`, run by gmavenplus at `initialize`). */
class SelectionScriptTest {
    class Session(val userProperties: Properties)
    class Project(val properties: Properties)
    class Log { val lines = mutableListOf<String>(); fun info(line: Any) { lines += line.toString() } }

    private val pom = mapOf(
        "experiments" to "history,sends,seats,counters,sqlite,pool", "skipTests" to "false", "jmeter.remotes" to "",
        "jmeter.twoEngines" to "false", "server.deployments" to "simple:1,relay:2", "jmeter.enginePort" to "41001", "jmeter.enginePort2" to "41002",
        "chatlab.recordings" to Files.createTempDirectory("chatlab-profile").resolve("recordings").toString(),
    )

    /** Runs the script with the pom's properties and [user] as `-D` settings; the properties it set. */
    private fun select(vararg user: Pair<String, String>, project: Map<String, String> = pom): Map<String, String> {
        val properties = Properties().apply { project.forEach { (k, v) -> setProperty(k, v) } }
        val binding = Binding().apply {
            setVariable("session", Session(Properties().apply { user.forEach { (k, v) -> setProperty(k, v) } }))
            setVariable("project", Project(properties))
            setVariable("log", Log())
        }
        GroovyShell(binding).evaluate(SCRIPT.toFile())
        return properties.stringPropertyNames().filter { it !in project }.associateWith { properties.getProperty(it) }
    }

    @Test
    fun `the default selection runs every plan but the fan-out, with no further deployment`() {
        val s = select()
        assertThat(listOf("history", "sends", "seats", "counters", "pool").map { s["skip.$it"] }).containsOnly("false")
        assertThat(s["skip.fanout"]).isEqualTo("true")
        assertThat(listOf("history", "sends", "sqlite").map { s["on.$it"] }).containsOnly("true")
        assertThat(s["fanout.deployments"]).isEmpty()
    }

    @Test
    fun `sqlite alone runs the history and sends plans on its own paths only`() {
        val s = select("experiments" to " sqlite ")
        assertThat(s).containsEntry("skip.history", "false").containsEntry("skip.sends", "false")
            .containsEntry("on.history", "false").containsEntry("on.sends", "false").containsEntry("on.sqlite", "true")
            .containsEntry("skip.seats", "true").containsEntry("skip.pool", "true").containsEntry("skip.fanout", "true")
    }

    @Test
    fun `the fan-out starts the further deployments, and a -D setting wins over the pom's`() {
        val s = select("experiments" to "fanout", "server.deployments" to "relay:2")
        assertThat(s).containsEntry("skip.fanout", "false").containsEntry("fanout.deployments", "relay:2")
            .containsEntry("skip.history", "true").containsEntry("skip.sends", "true")
    }

    @Test
    fun `-Dprofile starts every server JVM with a flight recording into an emptied folder, and only then`() {
        val folder = Path.of(pom.getValue("chatlab.recordings"))
        Files.createDirectories(folder).resolve("old.jfr").toFile().writeText("an earlier run's")
        assertThat(select()["server.profileArguments"]).isEmpty()
        assertThat(folder.resolve("old.jfr")).exists()
        assertThat(select("profile" to "sends, pool")["server.profileArguments"])
            .isEqualTo("-XX:StartFlightRecording:filename=$folder/,settings=profile,dumponexit=true")
        assertThat(folder).isEmptyDirectory()
        assertThatThrownBy { select("profile" to "sends,fan-out") }.hasMessageContaining("not fan-out")
    }

    @Test
    fun `-DskipTests runs nothing and starts no engine`() {
        val s = select("skipTests" to "true", "jmeter.remotes" to "loopback")
        assertThat(s.filterKeys { it.startsWith("skip.") }.values).hasSize(6).containsOnly("true")
        assertThat(s).containsEntry("jmeter.remote", "false").containsEntry("jmeter.engine.skip", "true").containsEntry("jmeter.engine2.skip", "true")
    }

    @Test
    fun `loopback engines resolve to the reserved ports, other engines are used as given`() {
        assertThat(select()).containsEntry("jmeter.remote", "false").containsEntry("jmeter.serverList", "")
            .containsEntry("jmeter.engine.skip", "true").containsEntry("jmeter.engine2.skip", "true")
        assertThat(select("jmeter.remotes" to "loopback")).containsEntry("jmeter.remote", "true").containsEntry("jmeter.serverList", "127.0.0.1:41001")
            .containsEntry("jmeter.engine.skip", "false").containsEntry("jmeter.engine2.skip", "true")
        assertThat(select("jmeter.remotes" to "loopback:2")).containsEntry("jmeter.serverList", "127.0.0.1:41001,127.0.0.1:41002")
            .containsEntry("jmeter.engine.skip", "false").containsEntry("jmeter.engine2.skip", "false")
        assertThat(select("jmeter.remotes" to "10.0.0.5:1099,10.0.0.6:1099")).containsEntry("jmeter.serverList", "10.0.0.5:1099,10.0.0.6:1099")
            .containsEntry("jmeter.remote", "true").containsEntry("jmeter.engine.skip", "true")
    }

    @Test
    fun `a loopback count the build cannot start is refused before anything starts`() {
        assertThatThrownBy { select("jmeter.remotes" to "loopback:3") }.hasMessageContaining("at most two on loopback, not 'loopback:3'")
    }

    @Test
    fun `the smoke profile's second rounds on two engines start both loopback engines`() {
        val s = select(project = pom + ("jmeter.remotes" to "loopback") + ("jmeter.twoEngines" to "true"))
        assertThat(s).containsEntry("jmeter.engine.skip", "false").containsEntry("jmeter.engine2.skip", "false")
            .containsEntry("jmeter.serverList", "127.0.0.1:41001")
    }

    private companion object {
        val SCRIPT: Path = Path.of("src/build/selection.groovy")
    }
}
