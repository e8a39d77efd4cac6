package chatlab.plans

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.w3c.dom.Element

/**
 * The If and While controllers that a thread passes on every arrival or loop decide on a variable its scripts set, not on
 * a script function. JMeter 5.6.3's `__groovy` evaluates through one synchronized engine per function and binds JMeter's
 * objects anew on every call (jmeter/README.md gives its cost); its first call in each thread group compiles the
 * expression. A group's random seed, read once as it starts, is a property for the same reason: a `__groovy` seed
 * compiled in every group, so at every step.
 */
class ArrivalConditionsTest {
    private val plans = Plans.expanded.map { (name, text) -> PlanTree(name, text) }
    private val arrivals = plans.associateWith { it.arrivals() }
    private val functions = listOf("__groovy(", "__jexl2(", "__jexl3(", "__javaScript(", "__BeanShell(")
    private val conditions = mapOf("IfController" to "IfController.condition", "WhileController" to "WhileController.condition")

    @Test
    fun `no controller an open-model arrival passes decides by a script function`() {
        val scripted = plans.flatMap { plan ->
            plan.elements.filter { it.tagName in conditions && arrivals.getValue(plan).any { owner -> it.isUnder(owner) } }
                .filter { controller -> functions.any { it in controller.condition() } }
                .map { "${plan.name}: '${it.getAttribute("testname")}' decides by ${it.condition()}" }
        }
        assertThat(scripted).isEmpty()
    }

    @Test
    fun `the controllers every arrival passes are in that reach, each deciding on one variable`() {
        val held = plans.flatMap { plan ->
            plan.elements.filter { it.tagName in conditions && "${plan.name}: ${it.getAttribute("testname")}" in perArrival }.map { plan to it }
        }
        assertThat(held.map { (plan, c) -> "${plan.name}: ${c.getAttribute("testname")}" }).containsExactlyInAnyOrderElementsOf(perArrival)
        assertThat(held).allSatisfy { (plan, c) ->
            assertThat(arrivals.getValue(plan).any { c.isUnder(it) }).describedAs(c.getAttribute("testname")).isTrue()
            assertThat(c.condition()).matches("""\$\{[A-Za-z]+}""")
        }
    }

    @Test
    fun `every open-model group that sets a seed takes it from the property its engine set, not from a script function`() {
        val seeds = plans.flatMap { plan ->
            plan.elements.filter { it.tagName == "OpenModelThreadGroup" }.mapNotNull { g -> g.prop("OpenModelThreadGroup.random_seed")?.let { "${plan.name}: $it" } }
        }
        assertThat(seeds.map { it.substringBefore(':') }.toSet()).containsExactlyInAnyOrder("sends.jmx", "fanout.jmx", "history.jmx", "pool.jmx")
        assertThat(seeds).allSatisfy { assertThat(it).endsWith(": \${__property(chatlab.arrivalSeed,,0)}") }
    }

    private val perArrival = listOf(
        "sends.jmx: unless the instrument (it sends nothing)", "sends.jmx: until our broadcast arrives",
        "warm-up.jmx: a read", "warm-up.jmx: a send", "warm-up.jmx: until our broadcast arrives",
        "fanout.jmx: a member", "fanout.jmx: a sender",
    )

    /** The Open Model Thread Groups and every fragment they reach through Module Controllers, at any depth. */
    private fun PlanTree.arrivals(): List<Element> {
        val fragments = elements.filter { it.tagName == "TestFragmentController" }
        val reached = elements.filter { it.tagName == "OpenModelThreadGroup" }.toMutableList()
        do {
            val more = fragments.filter { f -> f !in reached && modulesInto(f).any { m -> reached.any { m.isUnder(it) } } }
            reached += more
        } while (more.isNotEmpty())
        return reached
    }

    private fun Element.condition(): String = prop(conditions.getValue(tagName)).orEmpty()
}
