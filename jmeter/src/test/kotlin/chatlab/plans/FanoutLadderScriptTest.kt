package chatlab.plans

import groovy.lang.Binding
import groovy.lang.Closure
import groovy.lang.GroovyShell
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.util.Properties
import java.util.Queue

/**
 * A fan-out room's capacity ladder as the plan climbs it (`scripts/open-model-schedules.groovy`, which loads
 * `fanout-steps.groovy`), round after round on JMeter's Groovy: each round evaluates the scripts afresh and finds
 * what earlier rounds kept in `ladders.csv`. Every step's p95 is what the test hands it.
 */
class FanoutLadderScriptTest {
    class Result { fun setIgnore() {} }

    /** One round: a fresh script, as a round's plan evaluates it, over the run's results folder [dir]. */
    private inner class Round(dir: Path, info: String? = null, extra: Map<String, String> = emptyMap()) {
        val props = Properties()

        init {
            val vars = FanoutAuditScriptTest.Vars(mutableMapOf<String, Any?>(
                "scripts" to Path.of("src/test/jmeter/scripts").toAbsolutePath().toString(), "unitsFile" to dir.resolve("units.csv").toString(),
                "measured" to "delivery", "chatPaths" to "true", "port" to "8080", "fanoutRates" to "125,250,500,1000,2000,4000", "fanoutSlo" to "100",
                "stepSeconds" to "4", "refineSteps" to "2", "warmupSeconds" to "1", "openTimeout" to "1000", "fanoutMembers" to "500", "fanoutRooms" to "78",
                "fanoutJoinRate" to "200", "fanoutSettle" to "1000", "fanoutSenders" to "4", "fanoutLostAfter" to "2000", "fanoutWarmUpSeconds" to "8", "fanoutFirstWarmUpSeconds" to "40",
                "fanoutWarmUpRate" to "0", "fanoutMinMessages" to "8", "fanoutSlots" to "12",
                "infoFile" to dir.resolve("server-info.json").also { f -> info?.let { Files.writeString(f, it) } }.toString(),
            ).apply { putAll(extra) })
            GroovyShell(Binding().apply {
                setVariable("vars", vars)
                setVariable("props", props)
                setVariable("SampleResult", Result())
            }).evaluate(Path.of("src/test/jmeter/scripts/open-model-schedules.groovy").toFile())
        }

        /**
         * Runs the room's warm-up, then its steps while the ladder goes on, each step's deliveries taking what [p95At]
         * gives for its rate; the rates it ran, in order.
         */
        fun climb(p95At: (Double) -> Double, slot: String = "1"): List<Double> {
            schedule(slot, 0)
            return (1..10).mapNotNull { step ->
                schedule(slot, step)
                val current = props["chatlab.current"] as Map<*, *>? ?: return@mapNotNull null
                val rate = (current["label"] as String).removePrefix("capacity@").toDouble()
                @Suppress("UNCHECKED_CAST")
                val times = ((props["chatlab.steps"] as Map<*, *>)[current["key"]] as Map<*, *>)["times"] as Queue<Any>
                repeat(100) { times.add(p95At(rate).toLong()) }
                rate
            }.also { schedule(slot, 11) }
        }

        fun schedule(slot: String, step: Int, shape: String = "fanout") = (props["chatlab.schedule"] as Closure<*>).call(shape, slot, step)
    }

    @Test
    fun `with fanoutLadderRounds 1 only the first round climbs, and every round runs its trials at one rate`(@TempDir dir: Path) {
        val trials = mapOf("fanoutLadderRounds" to "1", "fanoutBlocks" to "2", "fanoutTrialMembers" to "500", "fanoutTrialRate" to "1000",
            "fanoutTrialSeconds" to "1.5", "fanoutControl" to "", "fanoutTwinRoom" to "77", "round" to "1", "blockSeed" to "3")
        assertThat(Round(dir, extra = trials).climb(flat(80.0))).hasSize(7)
        val second = Round(dir, extra = trials + ("round" to "2"))
        assertThat(second.climb(flat(80.0))).describedAs("round 2 runs no ladder").isEmpty()
        val unitRuns = second.props["chatlab.unitRuns"] as Closure<*>
        assertThat(listOf("fanout room 1", "fanout room 2", "fanout trials", "capacity mysql-keyset").map { unitRuns.call(it) })
            .describedAs("no drain before a ladder that does not run, or a slot past the room sizes").containsExactly(false, false, true, true)
        assertThat((Round(dir.resolve("first").also { Files.createDirectories(it) }, extra = trials).props["chatlab.unitRuns"] as Closure<*>).call("fanout room 1"))
            .describedAs("round 1 climbs").isEqualTo(true)
        val labels = (1..6).map { slot ->
            second.schedule("", slot, "fanout trial")
            (second.props["chatlab.current"] as Map<*, *>?)?.let { it["path"] to it["label"] }
        }
        assertThat(labels.first()).isEqualTo("500 members on fleet" to "warm-up")
        assertThat(labels.subList(1, 5)).containsExactlyInAnyOrder("500 members on fleet" to "trial block 3", "500 members on fleet again" to "trial block 3",
            "500 members on fleet" to "trial block 4", "500 members on fleet again" to "trial block 4")
        assertThat(labels.last()).isNull()
        second.schedule("", 2, "fanout trial")
        val current = second.props["chatlab.current"] as Map<*, *>
        assertThat(current["sendRate"]).isEqualTo(2.0)
        assertThat(current["warmup"]).isEqualTo(false)
        assertThat((current["fanout"] as Map<*, *>)["room"]).isIn(78L, 77L)
    }

    /** p95 [floor] ms up to 1,000 offered deliveries/s, missed beyond. */
    private fun flat(floor: Double) = { rate: Double -> if (rate <= 1000) floor else 300.0 }

    @Test
    fun `a room whose p95 took half the SLO at the first rate runs that rate first in every later round`(@TempDir dir: Path) {
        assertThat(Round(dir).climb(flat(80.0))).describedAs("round 1 climbs rung by rung, then bisects")
            .containsExactly(125.0, 250.0, 500.0, 1000.0, 2000.0, 1414.0, 1189.0)
        assertThat(Files.readAllLines(dir.resolve("ladders.csv"))).contains("delivery [500 members],1000", "delivery [500 members] floor,80.45")
        assertThat(Round(dir).climb(flat(80.0))).describedAs("round 2: the first rate, then 84 % of the capacity found")
            .containsExactly(125.0, 841.0, 1189.0, 1000.0)
        assertThat(Files.readAllLines(dir.resolve("ladders.csv"))).describedAs("both rounds' floors kept").contains("delivery [500 members] floor,80.45")
            .filteredOn { it.endsWith("floor,80.45") }.hasSize(2)
    }

    @Test
    fun `a later round whose first rate missed ends there, its capacity below it as a first round's would be`(@TempDir dir: Path) {
        Round(dir).climb(flat(80.0))
        assertThat(Round(dir).climb({ rate -> if (rate == 125.0) 101.0 else 80.0 })).containsExactly(125.0)
        assertThat(Files.readAllLines(dir.resolve("ladders.csv"))).contains("delivery [500 members],0", "delivery [500 members] floor,101.45")
    }

    @Test
    fun `a room far from the SLO at the first rate starts its later rounds near its capacity`(@TempDir dir: Path) {
        Round(dir).climb(flat(20.0))
        assertThat(Round(dir).climb(flat(20.0))).containsExactly(841.0, 1189.0, 1000.0)
    }

    @Test
    fun `when one deployment's room is at its floor, that room size runs the first rate on every deployment`(@TempDir dir: Path) {
        val info = """{"fleet":{"instances":1,"broker":"simple","urls":["http://127.0.0.1:8080"],"deployments":[
            {"name":"simple-1","broker":"simple","instances":1,"urls":["http://127.0.0.1:9001"]},
            {"name":"relay-2","broker":"relay","instances":2,"urls":["http://127.0.0.1:9002","http://127.0.0.1:9003"]}]}}"""
        Round(dir, info).run { climb(flat(20.0), "1"); climb(flat(80.0), "2") }
        val later = Round(dir, info)
        assertThat(later.climb(flat(20.0), "1")).describedAs("simple-1, far from the SLO itself").containsExactly(125.0, 841.0, 1189.0, 1000.0)
        assertThat(later.climb(flat(80.0), "2")).describedAs("relay-2, at its floor").containsExactly(125.0, 841.0, 1189.0, 1000.0)
        assertThat(Files.readAllLines(dir.resolve("ladders.csv"))).contains("delivery [500 members on simple-1] floor,20.45", "delivery [500 members on relay-2] floor,80.45")
    }
}
