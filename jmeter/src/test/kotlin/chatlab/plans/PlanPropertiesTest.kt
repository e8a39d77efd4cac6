package chatlab.plans

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.w3c.dom.Element
import java.io.File
import java.nio.file.Path
import javax.xml.parsers.DocumentBuilderFactory
import kotlin.io.path.listDirectoryEntries
import kotlin.io.path.readText

/**
 * A local JMeter reads the plans' properties from the build's user properties; a JMeter engine (-Djmeter.remotes) only
 * from what is sent with each plan (the plugin's propertiesGlobal, JMeter's -G). The settings reach both from one map
 * (SettingsTest); an execution that sets a property of its own (the judged rounds' skipPaths) names it in both, and
 * these hold the two to each other, so that a run from an engine is the run the same command would make locally.
 */
class PlanPropertiesTest {
    private val pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(File("pom.xml"))
    /** Per plan file name, the properties it reads (`${__P(name,...)}`). */
    private val readBy: Map<String, Set<String>> = Path.of("src/test/jmeter").listDirectoryEntries("*.jmx")
        .associate { plan -> plan.fileName.toString() to Regex("""__P\(([\w.]+)""").findAll(plan.readText()).map { it.groupValues[1] }.toSet() }
    private val planRead: Set<String> = readBy.values.flatten().toSet()

    private fun Element.children(): List<Element> =
        (0 until childNodes.length).map { childNodes.item(it) }.filterIsInstance<Element>()

    private fun Element.child(name: String): Element? = children().firstOrNull { it.tagName == name }

    /** The JMeter plugin's configurations: the plugin's own (key null) and each execution's, by execution id. */
    private val executions: List<Element> = run {
        val plugins = pom.getElementsByTagName("plugin").let { list -> (0 until list.length).map { list.item(it) as Element } }
        val jmeter = plugins.single { it.child("artifactId")?.textContent == "jmeter-maven-plugin" && it.parentNode.parentNode.parentNode.nodeName == "project" }
        listOf(jmeter) + jmeter.child("executions")?.children().orEmpty()
    }
    private val configurations: Map<String?, Element> =
        mapOf<String?, Element>(null to executions.first().child("configuration")!!) +
            executions.drop(1).mapNotNull { e -> e.child("configuration")?.let { e.child("id")!!.textContent to it } }

    private fun Element.properties(tag: String): Map<String, String> =
        child(tag)?.children().orEmpty().associate { it.tagName to it.textContent.trim() }

    @Test
    fun `an execution that sets plan properties of its own sends them to an engine too`() {
        val own = configurations.filterKeys { it != null }.mapValues { (_, c) -> c.properties("propertiesUser").filterKeys { it in planRead } }
            .filterValues { it.isNotEmpty() }
        assertThat(own).describedAs("executions that set plan properties").containsKeys("configuration-judged-sends", "configuration-judged-history")
        for ((id, local) in own) {
            assertThat(configurations.getValue(id).properties("propertiesGlobal")).describedAs(id).isEqualTo(local)
        }
    }

    @Test
    fun `a property a configuration sets is read by every plan that runs with it`() {
        val selecting = executions.drop(1).mapNotNull { e ->
            val c = e.child("configuration") ?: return@mapNotNull null
            val selected = c.child("selectedConfiguration")?.textContent?.trim() ?: return@mapNotNull null
            val plans = c.child("testFilesIncluded")?.children().orEmpty().map { it.textContent.trim() }
            Triple(e.child("id")!!.textContent, selected, plans)
        }
        assertThat(selecting.map { it.second }.toSet()).containsExactlyInAnyOrder("configuration-judged-sends", "configuration-judged-history")
        for ((id, selected, plans) in selecting) {
            val set = configurations.getValue(selected).properties("propertiesUser").keys
            assertThat(plans).describedAs(id).isNotEmpty()
            for (plan in plans) assertThat(readBy.getValue(plan)).describedAs("$id runs $plan with $selected").containsAll(set)
        }
    }
}
