package chatlab.plans

import groovy.lang.Binding
import groovy.lang.GroovyShell
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import java.util.Base64
import java.util.Properties
import java.util.concurrent.atomic.AtomicLong

/**
 * Where one engine acts for all (`scripts/engines-meet.groovy`, `tally-from-zero.groovy`): the engines meet around the
 * first engine's reset and audit, which counts every engine's requests; a rush's entrants over engines
 * (`seats-new-entrant.groovy`).
 */
class EnginesMeetScriptTest {
    /** JMeter's `ctx`: the thread group running and this thread's number in it. */
    class Group(val name: String)
    class Ctx(val threadGroup: Group, val threadNum: Int = 0)

    /** JMeter's `prev` (the sample an assertion judges) and `AssertionResult`. */
    class Prev(private val code: String, private val body: String) {
        var message = ""
        fun getResponseCode() = code
        fun getResponseDataAsString() = body
        fun setResponseMessage(value: String) { message = value }
    }
    class Assertion {
        var failed = false
        var message = ""
        fun setFailure(value: Boolean) { failed = value }
        fun setFailureMessage(value: String) { message = value }
    }

    private val counters = mapOf("plan" to "counters", "unit" to "mysql counter threads@10", "contender" to "mysql counter")

    /** Two engines of the counters plan through one unit: each counts [acknowledged] of its own, then the audit group meets. */
    private fun countersUnit(dir: Path, acknowledged: List<Long>, views: (Long) -> Long): List<Pair<Assertion?, Map<String, Any?>>> =
        PlanEngine.on(listOf(dir, dir), counters, setUp = "engines.groovy") { engine ->
            engine.run("tally-from-zero.groovy", FanoutAuditScriptTest.Result())
            @Suppress("UNCHECKED_CAST")
            val tally = engine.props["chatlab.tally"] as MutableMap<String, AtomicLong>
            tally.computeIfAbsent("acknowledged mysql counter") { AtomicLong() }.addAndGet(acknowledged[engine.index])
            val meeting = FanoutAuditScriptTest.Result()
            engine.run("engines-meet.groovy", meeting, mapOf("ctx" to Ctx(Group("audit mysql counter threads@10"))))
            assertThat(meeting.ignored).describedAs(meeting.message).isTrue()
            val audit = if (engine.index != 0) null else Assertion().also { assertion ->
                val all = (engine.vars["tally.acknowledged mysql counter"] as String).toLong()
                engine.run("counters-no-lost-update.groovy", null, mapOf("prev" to Prev("200", """{"views":${views(all)}}"""), "AssertionResult" to assertion))
            }
            audit to engine.vars
        }

    @Test
    fun `the first engine audits the counters on both engines' acknowledged views`(@TempDir dir: Path) {
        val held = countersUnit(dir, listOf(600, 400)) { all -> all }
        assertThat(held.map { it.second["tally.acknowledged mysql counter"] }).describedAs("each engine learns the sum").containsOnly("1000")
        val audit = held.mapNotNull { it.first }.single()
        assertThat(audit.failed).describedAs(audit.message).isFalse()
    }

    @Test
    fun `a view the server lost across engines fails the audit, though each engine alone saw fewer than the server counts`(@TempDir dir: Path) {
        val audit = countersUnit(dir, listOf(600, 400)) { all -> all - 1 }.mapNotNull { it.first }.single()
        assertThat(audit.failed).isTrue()
        assertThat(audit.message).contains("the server counts 999 views, it acknowledged 1000")
    }

    @Test
    fun `an engine whose plan did not run the engines script fails its meeting instead of waiting for the others`() {
        fun meet(engine: Any?) = FanoutAuditScriptTest.Result().also { sample ->
            GroovyShell(Binding().apply {
                setVariable("vars", FanoutAuditScriptTest.Vars(mutableMapOf("plan" to "seats")))
                setVariable("props", Properties().apply { engine?.let { this["chatlab.engine"] = it } })
                setVariable("SampleResult", sample)
                setVariable("ctx", Ctx(Group("reset db-atomic")))
            }).evaluate(planScripts.resolve("engines-meet.groovy").toFile())
        }
        val none = meet(null)
        assertThat(none.passed).isFalse()
        assertThat(none.message).contains("reset db-atomic").contains("plan seats did not run scripts/engines.groovy")
        try {
            // On a long-lived engine the property is still there: the last plan's, which meets no one of this test.
            val stale = meet(engineOfAnEarlierTest("history"))
            assertThat(stale.passed).isFalse()
            assertThat(stale.message).contains("reset db-atomic").contains("an earlier test's (plan history)").contains("does not split its load over engines")
        } finally {
            testStart(0L)
        }
    }

    @Test
    fun `a rush over two engines brings every entrant once`() {
        val rushThreads = 5
        val rushLoops = 3
        val entrants = (0 until 2).flatMap { index ->
            val share = (rushThreads - index + 1) / 2
            val props = Properties().apply { this["chatlab.engine"] = mapOf("count" to 2, "index" to index) }
            (0 until share).flatMap { thread ->
                (1..rushLoops).map { iteration ->
                    val values = mutableMapOf<String, Any?>("scripts" to planScripts.toString(), "jwtSecret" to "s", "rushThreads" to "$rushThreads")
                    GroovyShell(Binding().apply {
                        setVariable("vars", FanoutAuditScriptTest.Vars(values, iteration))
                        setVariable("props", props)
                        setVariable("ctx", Ctx(Group("rush db-atomic"), thread))
                    }).evaluate(planScripts.resolve("seats-new-entrant.groovy").toFile())
                    val subject = Regex(""""sub":"(\d+)"""").find(String(Base64.getUrlDecoder().decode((values["token"] as String).split('.')[1])))!!
                    assertThat(subject.groupValues[1]).isEqualTo(values["userId"])
                    (values["userId"] as String).toInt()
                }
            }
        }
        assertThat(entrants).describedAs("5 threads (3 and 2) × 3 loops").hasSize(15).doesNotHaveDuplicates()
        assertThat(entrants.toSet()).isEqualTo((1..15).toSet())
    }
}
