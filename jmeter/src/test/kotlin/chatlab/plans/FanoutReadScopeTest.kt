package chatlab.plans

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

/**
 * What JMeter runs around the fan-out's samplers: a JSR223 element costs JMeter about 24 µs of CPU a call (a new script
 * engine each time), so a member's read, one per delivery, runs its own script only; every other sampler of a step is
 * still seen by the step's listener.
 */
class FanoutReadScopeTest {
    private val plan = PlanTree("fanout.jmx", Plans.expanded.getValue("fanout.jmx"))
    private val samplers = plan.samplers

    @Test
    fun `a member's read runs the delivery script and no other, on every way to it`() {
        val reads = samplers.filter { it.tagName == "eu.luminis.jmeter.wssampler.SingleReadWebSocketSampler" }
        assertThat(reads).hasSize(1)
        val ways = plan.scriptsAround(reads.single())
        assertThat(ways).isNotEmpty()
        assertThat(ways).allSatisfy { assertThat(it).containsExactly("\${scripts}/fanout-delivery.groovy") }
    }

    @Test
    fun `every other sampler of a step is recorded by the step's listener, once`() {
        val record = "\${scripts}/record-step.groovy"
        val inSteps = samplers.associate { it.getAttribute("testname") to plan.scriptsAround(it) }
            .filterValues { ways -> ways.any { record in it } }
        assertThat(inSteps.keys).describedAs("the samplers of a step: a member's, a sender's, an arrival's")
            .contains("who arrives", "the next message it carries", "leave; the last member out audits the step")
            .anyMatch { it.startsWith("stomp SEND") }.anyMatch { it.startsWith("ws open") }.anyMatch { it.startsWith("stomp DISCONNECT") }
        assertThat(inSteps.filterValues { ways -> ways.any { way -> way.count { it == record } != 1 } }.keys)
            .describedAs("samplers on a way without the listener, or with it twice").isEmpty()
    }
}
