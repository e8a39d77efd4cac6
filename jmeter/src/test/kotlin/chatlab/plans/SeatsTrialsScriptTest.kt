package chatlab.plans

import groovy.lang.Binding
import groovy.lang.GroovyShell
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.nio.file.Path
import java.util.Properties

/** The seats' trials as `scripts/seats-trials.groovy` lays them out for the plan's slots; on JMeter's Groovy. */
class SeatsTrialsScriptTest {
    class Result {
        var ignored = false
        var passed = true
        var message = ""
        fun setIgnore() { ignored = true }
        fun setSuccessful(ok: Boolean) { passed = ok }
        fun setResponseMessage(why: String) { message = why }
    }

    private fun trials(vararg settings: Pair<String, String>): Pair<Result, List<Map<*, *>>?> {
        val (result, props) = setUp("seats-trials.groovy", mapOf(
            "seatsStrategies" to "db-atomic, db-lock,redis-lock,redis-gate", "seatsControl" to "db-atomic", "seatsBlocks" to "2",
            "blockSeed" to "7", "round" to "2", "planted" to "true", "eventRoom" to "1000000",
        ) + settings)
        @Suppress("UNCHECKED_CAST")
        return result to props["seats.trials"] as List<Map<*, *>>?
    }

    companion object {
        /** A plan's setUp [script] run on JMeter's Groovy with [settings] as its variables: its sample result and the properties it put. */
        fun setUp(script: String, settings: Map<String, String>): Pair<Result, Properties> {
            val props = Properties()
            val result = Result()
            val vars = FanoutAuditScriptTest.Vars(mutableMapOf<String, Any?>("scripts" to Path.of("src/test/jmeter/scripts").toAbsolutePath().toString()).plus(settings).toMutableMap())
            GroovyShell(Binding().apply {
                setVariable("vars", vars)
                setVariable("props", props)
                setVariable("SampleResult", result)
            }).evaluate(Path.of("src/test/jmeter/scripts", script).toFile())
            return result to props
        }
    }

    @Test
    fun `a warm-up rush opens the round, then every block rushes every strategy and the twin once, each on its own room`() {
        val (result, all) = trials()
        assertThat(result.ignored).isTrue()
        val warmUp = all!!.first()
        assertThat(warmUp["trial"]).isEqualTo("warm-up")
        assertThat(warmUp["strategy"]).isEqualTo("db-atomic")
        assertThat(warmUp["room"]).isEqualTo(1_000_005L)
        val trials = all.drop(1)
        assertThat(trials).hasSize(10)
        assertThat(trials.map { it["block"] }.distinct()).describedAs("round 2's blocks of 2 a round").containsExactly(3, 4)
        for (block in trials.groupBy { it["block"] }.values) {
            assertThat(block.map { it["contender"] }).containsExactlyInAnyOrder("db-atomic", "db-lock", "redis-lock", "redis-gate", "db-atomic again")
            assertThat(block.map { it["room"] }).containsExactlyInAnyOrder(1_000_000L, 1_000_001L, 1_000_002L, 1_000_003L, 1_000_004L)
        }
        val twin = trials.first { it["contender"] == "db-atomic again" }
        assertThat(twin["strategy"]).isEqualTo("db-atomic")
        assertThat(twin["room"]).isEqualTo(1_000_004L)
        assertThat(twin["trial"]).isEqualTo("db-atomic again block ${twin["block"]}")
        assertThat(all).describedAs("a rush hides a planted delay, so none is planted").allSatisfy { assertThat(it["planted"]).isEqualTo(false) }
        assertThat(trials(Pair("seatsControl", "")).second!!).hasSize(9)
    }

    @Test
    fun `a control that is not a strategy, or more trials than the plan has slots, fails the run's setup by name`() {
        val (unknown, none) = trials("seatsControl" to "redis-fence")
        assertThat(unknown.passed).isFalse()
        assertThat(unknown.message).startsWith("seats: the A/A control redis-fence is not one of")
        assertThat(none).isNull()
        val (many, _) = trials("seatsBlocks" to "12")
        assertThat(many.passed).isFalse()
        assertThat(many.message).contains("and the warm-up is 61, more than the plan's 60 slots")
    }
}
