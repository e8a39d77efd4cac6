package chatlab.plans

import groovy.lang.Binding
import groovy.lang.GroovyShell
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.io.File
import java.nio.file.Path
import java.util.Properties
import kotlin.io.path.listDirectoryEntries
import kotlin.io.path.readLines
import kotlin.io.path.readText

/** Every load setting is named once, with its default, in `src/build/settings.properties`; the build feeds JMeter and the report from it. */
class SettingsTest {
    private val file = Path.of("src/build/settings.properties")
    private val defaults = Plans.settings
    private val read = Plans.source.listDirectoryEntries("*.jmx").associate { plan ->
        plan.fileName.toString() to Regex("""\$\{__P\(([\w.]+)""").findAll(plan.readText()).map { it.groupValues[1] }.toSet()
    }

    @Test
    fun `every setting a plan reads is defined once, and no plan writes a default of its own`() {
        val keys = file.readLines().filter { it.isNotBlank() && !it.startsWith("#") }.map { it.substringBefore('=') }
        assertThat(keys).doesNotHaveDuplicates().hasSize(defaults.size)
        assertThat(read.values.flatten().toSet() - "scripts").isSubsetOf(defaults.keys)
        val written = Plans.source.listDirectoryEntries("*.jmx").flatMap { plan ->
            Regex("""\$\{__P\(([\w.]+),""").findAll(plan.readText()).map { "${plan.fileName}: ${it.groupValues[1]}" }.toList()
        }
        assertThat(written).describedAs("only the scripts folder has a default in the plan (where the plan lies)").allMatch { it.endsWith(": scripts") }
    }

    @Test
    fun `every setting is read by a plan, and every setting has a line that says what it changes`() {
        assertThat(defaults.keys - read.values.flatten().toSet()).isEmpty()
        assertThat(SettingsTable.descriptions(file).filterValues { it.isBlank() }.keys).isEmpty()
    }

    @Test
    fun `the plans JMeter runs carry each setting's default, commas escaped`() {
        val history = Plans.expanded.getValue("history.jmx")
        val rates = defaults.getValue("capacityRates")
        assertThat(rates).contains(",")
        assertThat(history).contains("\${__P(capacityRates,${rates.replace(",", "\\,")})}").contains("\${__P(slo,50)}")
            .doesNotContain("\${__P(slo)}")
        assertThatThrownBy { Plans.expand(Plans.source.resolve("history.jmx").readText(), defaults - "slo") }.hasMessageContaining("slo")
    }

    @Test
    fun `a profile's values win over the defaults, -Dload values over both, and an unknown name fails`() {
        val s = Settings.of(mapOf("slo" to "50", "mixRate" to "50"), mapOf("slo" to "20"), mapOf("load.mixRate" to "10", "experiments" to "seats"))
        assertThat(s).containsExactlyEntriesOf(mapOf("slo" to "20", "mixRate" to "10"))
        assertThat(Settings.of(defaults, Settings.read(Path.of("src/build/settings-smoke.properties")), emptyMap())).containsEntry("capacityMax", "20")
        assertThatThrownBy { Settings.of(defaults, emptyMap(), mapOf("load.sloo" to "20")) }.hasMessageContaining("no such setting: sloo")
        assertThatThrownBy { Settings.of(defaults, mapOf("sloo" to "20"), emptyMap()) }.hasMessageContaining("sloo")
    }

    class Session(val userProperties: Properties)
    class Build(val directory: String)
    class Project(val properties: Properties, val basedir: File, val build: Build)
    class Log { fun info(line: Any) = Unit }

    @Test
    fun `a local JMeter and every engine get the same properties, the report the settings without ports and paths`(@TempDir dir: Path) {
        val project = Properties().apply {
            mapOf("chatlab.port" to "41000", "jmeter.serverList" to "127.0.0.1:41001", "on.history" to "true", "on.sends" to "false",
                "on.sqlite" to "true", "experiments" to "history,sqlite", "chatlab.settings" to "smoke", "server.instances" to "1").forEach { (k, v) -> setProperty(k, v) }
        }
        GroovyShell(Binding().apply {
            setVariable("project", Project(project, File("."), Build(dir.toString())))
            setVariable("session", Session(Properties().apply { setProperty("load.slo", "30") }))
            setVariable("log", Log())
        }).evaluate(Path.of("src/build/settings.groovy").toFile())
        fun load(name: String) = Properties().apply { dir.resolve("conf/$name").toFile().reader().use { load(it) } }
        val user = load("user.properties")
        assertThat(load("global.properties")).isEqualTo(user)
        assertThat(user).containsEntry("slo", "30").containsEntry("capacityMax", "20").containsEntry("port", "41000")
            .containsEntry("engineList", "127.0.0.1:41001").containsEntry("sendsPaths", "false").containsKey("scripts")
        assertThat(user.keys.map { it.toString() }).containsAll(defaults.keys)
        val report = load("settings.properties")
        assertThat(report).containsEntry("slo", "30").containsEntry("experiments", "history,sqlite").containsEntry("instances", "1")
            .doesNotContainKeys("port", "engineList", "infoFile", "unitsFile", "scripts")
    }

    @Test
    fun `the pom names no load setting of its own`() {
        val pom = Path.of("pom.xml").readText()
        assertThat(Regex("""<load\.\w+>|--setting\.|\$\{load\.""").findAll(pom).map { it.value }.toList()).isEmpty()
    }
}
