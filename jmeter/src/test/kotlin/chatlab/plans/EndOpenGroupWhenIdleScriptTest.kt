package chatlab.plans

import groovy.lang.Binding
import groovy.lang.Closure
import groovy.lang.GroovyShell
import org.apache.jmeter.engine.StandardJMeterEngine
import org.apache.jmeter.threads.ThreadGroup
import org.apache.jmeter.threads.openmodel.OpenModelThreadGroup
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import java.util.UUID
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/**
 * `scripts/end-open-group-when-idle.groovy`, called by a schedule while JMeter starts its Open Model Thread Group: the
 * group ends once its arrivals are over and none of its threads runs, instead of at the end of its schedule's tail.
 */
class EndOpenGroupWhenIdleScriptTest {
    private val vars = FanoutAuditScriptTest.Vars(mutableMapOf("scripts" to planScripts.toString()))

    @Suppress("UNCHECKED_CAST")
    private val endWhenIdle = GroovyShell(Binding().apply { setVariable("vars", vars) })
        .evaluate(planScripts.resolve("end-open-group-when-idle.groovy").toFile()) as Closure<Boolean>

    private val engineField = StandardJMeterEngine::class.java.getDeclaredField("engine").apply { isAccessible = true }
    private val before = engineField.get(null)
    private val pools = mutableListOf<ExecutorService>()

    @AfterEach
    fun restore() {
        engineField.set(null, before)
        pools.forEach { it.shutdownNow() }
    }

    /** JMeter starting [group] with its pool: the engine's last group, as in `startThreadGroup` before `group.start`. */
    private fun starting(group: Any, pool: ExecutorService? = null): Any {
        val engine = StandardJMeterEngine()
        @Suppress("UNCHECKED_CAST")
        val groups = StandardJMeterEngine::class.java.getDeclaredField("groups").apply { isAccessible = true }.get(engine) as MutableList<Any>
        groups += ThreadGroup()
        groups += group
        engineField.set(null, engine)
        if (pool != null) {
            pools += pool
            OpenModelThreadGroup::class.java.getDeclaredField("executorService").apply { isAccessible = true }.set(group, pool)
        }
        return group
    }

    /** The threads JMeter counts as running in [group] (its `numberOfActiveThreads`). */
    @Suppress("UNCHECKED_CAST")
    private fun running(group: OpenModelThreadGroup) =
        OpenModelThreadGroup::class.java.getDeclaredField("activeThreads").apply { isAccessible = true }.get(group) as MutableMap<Any, Any>

    private fun group() = OpenModelThreadGroup().apply { name = "step ${UUID.randomUUID()}" }

    private fun watcher(group: OpenModelThreadGroup): Thread = Thread.getAllStackTraces().keys.single { it.name == "end ${group.name} when idle" }

    @Test
    fun `a group whose last thread ends after its arrivals ends then, not at the end of its tail`() {
        val pool = Executors.newCachedThreadPool()
        val group = starting(group(), pool) as OpenModelThreadGroup
        running(group)["the last arrival's thread"] = "sampling"

        assertThat(endWhenIdle.call(System.currentTimeMillis(), 60_000L, 20L)).isTrue()
        assertThat(pool.awaitTermination(300, TimeUnit.MILLISECONDS)).describedAs("a thread still running keeps the group").isFalse()
        running(group).clear()

        assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).describedAs("ended once idle, 50 s before its tail is over").isTrue()
    }

    @Test
    fun `a thread that runs to the end of the tail leaves the group to its schedule`() {
        val pool = Executors.newCachedThreadPool()
        val group = starting(group(), pool) as OpenModelThreadGroup
        running(group)["a slow answer"] = "sampling"

        assertThat(endWhenIdle.call(System.currentTimeMillis(), 300L, 20L)).isTrue()
        watcher(group).join(10_000)

        assertThat(pool.isShutdown).describedAs("JMeter cuts it at the end of the schedule, as before").isFalse()
    }

    @Test
    fun `the watch starts only after the last arrival's time and its margin`() {
        val pool = Executors.newCachedThreadPool()
        val group = starting(group(), pool) as OpenModelThreadGroup

        assertThat(endWhenIdle.call(System.currentTimeMillis() + 400L, 60_000L, 20L)).isTrue()
        assertThat(pool.awaitTermination(200, TimeUnit.MILLISECONDS)).describedAs("arrivals are still due, though nothing runs yet").isFalse()

        assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue()
    }

    @Test
    fun `another kind of group, no running engine or a tail within the margin is not watched`() {
        engineField.set(null, null)
        assertThat(endWhenIdle.call(System.currentTimeMillis(), 1_000L, 100L)).isFalse()
        starting(ThreadGroup())
        assertThat(endWhenIdle.call(System.currentTimeMillis(), 1_000L, 100L)).isFalse()
        starting(group(), Executors.newCachedThreadPool())
        assertThat(endWhenIdle.call(System.currentTimeMillis(), 100L, 100L)).isFalse()
    }
}
