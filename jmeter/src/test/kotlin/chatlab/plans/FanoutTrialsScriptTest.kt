package chatlab.plans

import groovy.lang.Binding
import groovy.lang.Closure
import groovy.lang.GroovyShell
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import java.nio.file.Path

/**
 * The fan-out's blocks of trials (`scripts/fanout-trials.groovy`) on JMeter's Groovy: which deployment, room and label
 * each trial group of a round runs.
 */
class FanoutTrialsScriptTest {
    private val simple = mapOf("name" to "simple-1", "ports" to listOf("9001"))
    private val relay = mapOf("name" to "relay-2", "ports" to listOf("9002", "9003"))

    private fun trials(deployments: List<Map<String, Any?>>, vararg settings: Pair<String, String>): (Int) -> Map<*, *>? {
        val vars = FanoutAuditScriptTest.Vars(mutableMapOf<String, Any?>(
            "scripts" to "src/test/jmeter/scripts", "fanoutBlocks" to "4", "fanoutTrialMembers" to "100", "fanoutMembers" to "10,100,500",
            "fanoutRooms" to "80,79,78", "fanoutControl" to "simple-1", "fanoutTwinRoom" to "77", "round" to "1", "blockSeed" to "7",
            "fanoutTrialSlots" to "30",
        ).apply { putAll(settings) })
        val factory = GroovyShell(Binding().apply { setVariable("vars", vars) })
            .evaluate(Path.of("src/test/jmeter/scripts/fanout-trials.groovy").toFile()) as Closure<*>
        val slot = factory.call(deployments) as Closure<*>
        return { slot.call(it) as Map<*, *>? }
    }

    @Test
    fun `a round warms every deployment, then runs each block's deployments and the twin once, in a shuffled order`() {
        val round = trials(listOf(simple, relay))
        val all = (1..15).map(round)
        assertThat(all.last()).describedAs("2 warm-ups and 4 blocks of 3: nothing in the 15th group").isNull()
        assertThat(all.take(2).map { it!!["label"] to it["path"] })
            .containsExactly("warm-up" to "100 members on simple-1", "warm-up" to "100 members on relay-2")
        val blocks = all.drop(2).take(12).map { it!! }.groupBy { it["label"] }
        assertThat(blocks.keys).containsExactly("trial block 1", "trial block 2", "trial block 3", "trial block 4")
        assertThat(blocks.values).allSatisfy { block ->
            assertThat(block.map { it["path"] }).containsExactlyInAnyOrder(
                "100 members on simple-1", "100 members on relay-2", "100 members on simple-1 again")
        }
        assertThat(blocks.values.map { b -> b.map { it["path"] } }.toSet()).describedAs("the order is shuffled per block").hasSizeGreaterThan(1)
        val twin = all.first { it!!["path"] == "100 members on simple-1 again" }!!
        assertThat(twin["room"]).isEqualTo(77L)
        assertThat(twin["ports"]).isEqualTo(listOf("9001"))
        assertThat(twin["deployment"]).isEqualTo("simple-1")
        val relayTrial = all.first { it!!["path"] == "100 members on relay-2" }!!
        assertThat(relayTrial["room"]).isEqualTo(79L)
        assertThat(relayTrial["ports"]).isEqualTo(listOf("9002", "9003"))
    }

    @Test
    fun `the blocks are numbered through the run and the same seed gives the same orders`() {
        val second = (3..14).map { trials(listOf(simple, relay), "round" to "2")(it)!! }
        assertThat(second.map { it["label"] }.distinct()).containsExactly("trial block 5", "trial block 6", "trial block 7", "trial block 8")
        assertThat((1..14).map { trials(listOf(simple, relay), "round" to "2")(it) }).isEqualTo((1..14).map { trials(listOf(simple, relay), "round" to "2")(it) })
    }

    @Test
    fun `a control the run does not start is its first deployment, and the fleet alone is one contender`() {
        val one = trials(listOf(relay))
        assertThat((2..3).map { one(it)!!["path"] }).containsExactlyInAnyOrder("100 members on relay-2", "100 members on relay-2 again")
        val fleet = trials(listOf(mapOf("name" to null, "ports" to listOf("8080"))))
        assertThat(fleet(1)!!["path"]).isEqualTo("100 members on fleet")
        assertThat(fleet(2)!!["deployment"]).isEqualTo("")
    }

    @Test
    fun `no blocks, a trial size the fan-out does not run, or no twin room changes what runs`() {
        assertThat(trials(listOf(simple, relay), "fanoutBlocks" to "0")(1)).isNull()
        assertThat(trials(listOf(simple, relay), "fanoutTrialMembers" to "200")(1)).isNull()
        val noTwin = trials(listOf(simple, relay), "fanoutTwinRoom" to "0")
        assertThat((1..11).map { noTwin(it)?.get("path") }).doesNotContain("100 members on simple-1 again").last().isNull()
    }

    @Test
    fun `a round with more trials than the plan's trial groups stops before it runs`() {
        assertThatThrownBy { trials(listOf(simple, relay), "fanoutBlocks" to "10") }
            .hasMessageContaining("32 fan-out trials a round").hasMessageContaining("fanoutBlocks")
    }
}
