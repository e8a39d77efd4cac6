package chatlab.plans

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

/**
 * Where the sends plan chooses the instance a send iteration loads: once, before the iteration's WebSocket opens, and
 * not before each of its samplers (a JSR223 element costs JMeter about 24 µs of CPU a call, and an iteration runs seven
 * samplers or more).
 */
class SendsInstanceScopeTest {
    private val plan = PlanTree("sends.jmx", Plans.expanded.getValue("sends.jmx"))
    private val samplers = plan.samplers
    private val instance = "\${scripts}/instance-port.groovy"

    @Test
    fun `the instance is chosen before a send iteration's open, on every way to it, and before no other sampler`() {
        val choosing = samplers.filter { sampler -> plan.scriptsAround(sampler).any { instance in it } }
        assertThat(choosing.map { it.tagName }).containsExactly("eu.luminis.jmeter.wssampler.OpenWebSocketSampler")
        assertThat(plan.scriptsAround(choosing.single())).isNotEmpty().allSatisfy { assertThat(it.count { s -> s == instance }).isEqualTo(1) }
    }

    @Test
    fun `every sampler that loads the chosen instance comes after that open, in the same iteration`() {
        val iteration = plan.elements.single { it.tagName == "TestFragmentController" && it.getAttribute("testname") == "send iteration" }
        val inIteration = samplers.filter { it.isUnder(iteration) }
        val loading = samplers.filter { it.prop("port") == "\${instancePort}" || it.prop("HTTPSampler.port") == "\${instancePort}" }
        assertThat(inIteration.first().tagName).isEqualTo("eu.luminis.jmeter.wssampler.OpenWebSocketSampler")
        assertThat(loading).isNotEmpty().allSatisfy { assertThat(inIteration).contains(it) }
    }
}
