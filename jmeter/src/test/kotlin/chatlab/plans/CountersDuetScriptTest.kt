package chatlab.plans

import groovy.lang.Closure
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.util.Properties

/** The counters' duet as `scripts/counters-duet.groovy` lays it out for the plan's block slots; on JMeter's Groovy. */
class CountersDuetScriptTest {
    private fun duet(vararg settings: Pair<String, String>): Triple<SeatsTrialsScriptTest.Result, Map<*, *>?, Properties> {
        val (result, props) = SeatsTrialsScriptTest.setUp("counters-duet.groovy", mapOf(
            "viewDuetContenders" to "mysql counter, mysql log,sqlite-tuned  counter", "viewDuetControl" to "mysql counter",
            "viewDuetBlocks" to "4", "viewDuetRate" to "200", "viewDuetSeconds" to "2", "viewRoom" to "3", "viewTwinRoom" to "5",
            "round" to "2", "planted" to "true", "skipPaths" to "",
        ) + settings)
        return Triple(result, props["counters.duet"] as Map<*, *>?, props)
    }

    @Suppress("UNCHECKED_CAST")
    private fun Map<*, *>.call(name: String, vararg args: Any?): Any? = (this[name] as Closure<Any?>).call(*args)

    @Test
    fun `every store and mode joins the duet, and the control's twin counts on a room of its own, carrying the plant`() {
        val (result, duet, props) = duet()
        assertThat(result.ignored).isTrue()
        val contenders = duet!!["contenders"] as List<Map<*, *>>
        assertThat(contenders.map { it["contender"] }).containsExactly("mysql counter", "mysql log", "sqlite-tuned counter", "mysql counter again")
        assertThat(contenders.map { it["room"] }).containsExactly(3L, 3L, 3L, 5L)
        assertThat(contenders.map { it["slowed"] }).containsExactly(false, false, false, true)
        assertThat(contenders.last()["store"]).isEqualTo("mysql")
        assertThat(contenders.last()["mode"]).isEqualTo("counter")
        assertThat(props["counters.closedLoop"]).isEqualTo(true)
        val drawn = (1..400).map { (duet.call("draw", "duet block 5") as Map<*, *>)["contender"] }.toSet()
        assertThat(drawn).describedAs("every contender draws arrivals").hasSize(4)
        assertThat(duet(Pair("planted", "false")).second!!["contenders"] as List<Map<*, *>>).allSatisfy { assertThat(it["slowed"]).isEqualTo(false) }
        assertThat(duet(Pair("viewDuetControl", "")).second!!["contenders"] as List<*>).hasSize(3)
    }

    @Test
    fun `blocks are numbered through the run, a slot past the round's blocks runs nothing, and the warm round's are warm-up`() {
        val duet = duet().second!!
        assertThat((1..4).map { duet.call("label", it) }).containsExactly("duet block 5", "duet block 6", "duet block 7", "duet block 8")
        assertThat(duet.call("runs", 4)).isEqualTo(true)
        assertThat(duet.call("runs", 5)).isEqualTo(false)
        assertThat(duet.call("schedule", 5) as String).matches("pause\\(-?[0-9]+ ms\\)")
        assertThat(duet.call("schedule", 1) as String).contains("rate(200.0/s) random_arrivals(2 s)")
        assertThat(duet(Pair("round", "0")).second!!.call("label", 1)).isEqualTo("warm-up")
    }

    @Test
    fun `with two promises a block's contenders are the stores that keep its promise, named with it, and the audit counts those`() {
        val duet = duet(Pair("viewDuetContenders", "mysql counter, sqlite counter, sqlite-tuned log"), Pair("duetPromises", "durable,relaxed"),
            Pair("arrivalSeed", "11")).second!!
        @Suppress("UNCHECKED_CAST")
        fun at(block: Int) = (duet.call("at", "duet block $block") as List<Map<*, *>>).map { it["contender"] }
        val pair = listOf(at(5), at(6))
        val durable = pair.single { it.first().toString().endsWith("durable") }
        val relaxed = pair.single { it.first().toString().endsWith("relaxed") }
        assertThat(durable).containsExactly("mysql counter durable", "sqlite counter durable", "sqlite-tuned log durable", "mysql counter durable again")
        assertThat(relaxed).describedAs("SQLite with the driver's defaults is durable only")
            .containsExactly("mysql counter relaxed", "sqlite-tuned log relaxed", "mysql counter relaxed again")
        assertThat((1..200).map { (duet.call("draw", "duet block 5") as Map<*, *>)["contender"] }.toSet()).isEqualTo(at(5).toSet())
        assertThat(duet.call("at", "warm-up") as List<*>).hasSize(4)
    }

    @Test
    fun `the judged round skips the closed-loop units`() {
        assertThat(duet(Pair("skipPaths", "threads:*")).third["counters.closedLoop"]).isEqualTo(false)
    }

    @Test
    fun `a contender that is not a store and a mode, or a control outside the contenders, fails the plan's setUp`() {
        val (wrong, duet, _) = duet(Pair("viewDuetContenders", "mysql counter,redis counter"))
        assertThat(wrong.passed).isFalse()
        assertThat(wrong.message).contains("viewDuetContenders")
        assertThat(duet).isNull()
        assertThat(duet(Pair("viewDuetControl", "sqlite log")).first.message).contains("is not one of")
        assertThat(duet(Pair("viewTwinRoom", "3")).first.message).contains("viewTwinRoom must differ")
    }
}
