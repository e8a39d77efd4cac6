package chatlab.plans

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import kotlin.io.path.listDirectoryEntries
import kotlin.io.path.readLines

/**
 * The plans hold one thread group per kind of unit; a comment "repeat <name> = <values> [for <n> groups]" on it makes the
 * copies JMeter runs (`src/build/plans.groovy`, run by the build before the plugin copies the plans).
 */
class PlanSourceTest {
    private fun group(name: String, comment: String? = null, schedule: String = "x") = buildList {
        add("""      <ThreadGroup guiclass="ThreadGroupGui" testclass="ThreadGroup" testname="$name" enabled="true">""")
        if (comment != null) add("""        <stringProp name="TestPlan.comments">$comment</stringProp>""")
        add("""        <stringProp name="schedule">$schedule</stringProp>""")
        add("""      </ThreadGroup>""")
        add("""      <hashTree/>""")
    }

    private fun plan(vararg groups: List<String>) = (listOf("<jmeterTestPlan>", "  <hashTree>", "    <TestPlan/>", "    <hashTree>") +
        groups.flatMap { it } + listOf("    </hashTree>", "  </hashTree>", "</jmeterTestPlan>")).joinToString("\n")

    private fun names(text: String) = Regex("""testname="([^"]*)"""").findAll(text).map { it.groupValues[1] }.toList()

    @Test
    fun `a repeat copies its groups once per value in order, and an inner repeat applies to each copy`() {
        val text = Plans.expand(plan(
            group("setup"),
            group("drain before room {{room}}", "repeat room = 1..2 for 2 groups"),
            group("room {{room}} step {{step}}", "repeat step = a, b", schedule = "call('{{room}}', '{{step}}', {{step#}})"),
            group("end"),
        ))
        assertThat(names(text)).containsExactly(
            "setup", "drain before room 1", "room 1 step a", "room 1 step b", "drain before room 2", "room 2 step a", "room 2 step b", "end")
        assertThat(text).contains("call('2', 'b', 1)").doesNotContain("{{").doesNotContain("repeat ")
    }

    @Test
    fun `the next repeat of a comment applies to the copies the first one made`() {
        val text = Plans.expand(plan(group("unit {{store}} {{mode}}", "repeat store = mysql, sqlite; repeat mode = counter, log")))
        assertThat(names(text)).containsExactly("unit mysql counter", "unit mysql log", "unit sqlite counter", "unit sqlite log")
    }

    @Test
    fun `a repeat over several names takes a value of as many words, and rekeys a collection entry by its new text`() {
        val entry = """        <stringProp name="0">{{store}}</stringProp>"""
        val text = Plans.expand(plan(group("read {{path}}", "repeat path store = mysql-offset mysql, mongo-keyset mongo") + entry))
        assertThat(names(text)).containsExactly("read mysql-offset", "read mongo-keyset")
        assertThat(text).contains("""<stringProp name="${"mysql".hashCode()}">mysql</stringProp>""")
            .contains("""<stringProp name="${"mongo".hashCode()}">mongo</stringProp>""")
    }

    @Test
    fun `a placeholder no repeat fills, a value of the wrong size or a repeat past the last group fails the build`() {
        assertThatThrownBy { Plans.expand(plan(group("read {{path}}"))) }.hasMessageContaining("{{path}}")
        assertThatThrownBy { Plans.expand(plan(group("read {{path}}", "repeat path store = mysql"))) }.hasMessageContaining("'mysql'")
        assertThatThrownBy { Plans.expand(plan(group("a", "repeat x = 1, 2 for 3 groups"), group("b"))) }.hasMessageContaining("only 2 left")
    }

    @Test
    fun `every plan expands with nothing left to fill and no two thread groups of one name`() {
        assertThat(Plans.expanded).hasSize(Plans.source.listDirectoryEntries("*.jmx").size)
        Plans.expanded.forEach { (plan, text) ->
            assertThat(text).describedAs(plan).doesNotContain("{{").doesNotContain("""comments">repeat """)
            val groups = Regex("""<(\w*ThreadGroup) guiclass="[^"]*" testclass="[^"]*" testname="([^"]*)"""").findAll(text).map { it.groupValues[2] }.toList()
            assertThat(groups).describedAs(plan).doesNotHaveDuplicates()
        }
    }

    @Test
    fun `no plan writes out a numbered slot, each kind of unit is one thread group`() {
        val slot = Regex("""testname="[^"]*(step|room|size) \d+""")
        val written = Plans.source.listDirectoryEntries("*.jmx").flatMap { plan ->
            plan.readLines().filter { slot.containsMatchIn(it) }.map { "${plan.fileName}: ${it.trim().take(120)}" }
        }
        assertThat(written).isEmpty()
        assertThat(Plans.source.listDirectoryEntries("*.jmx").sumOf { it.readLines().size }).isLessThanOrEqualTo(7_000)
    }
}
