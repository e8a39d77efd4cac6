package chatlab.plans

import groovy.lang.Binding
import groovy.lang.Closure
import groovy.lang.GroovyShell
import org.apache.jmeter.threads.ThreadGroup
import org.apache.jmeter.threads.openmodel.OpenModelThreadGroup
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import java.util.concurrent.Callable
import java.util.concurrent.CountDownLatch
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.RejectedExecutionException
import java.util.concurrent.TimeUnit

/**
 * `scripts/end-open-group.groovy` on JMeter's own Open Model Thread Group: a fan-out step whose last member has left ends
 * its group by a graceful shutdown of the pool JMeter's serialized run awaits, letting the threads still running finish.
 */
class EndOpenGroupScriptTest {
    @Suppress("UNCHECKED_CAST")
    private val endGroup = GroovyShell(Binding()).evaluate(planScripts.resolve("end-open-group.groovy").toFile()) as Closure<Boolean>

    /** The group as JMeter runs it: its thread pool, the one [OpenModelThreadGroup.waitThreadsStopped] awaits. */
    private fun running(pool: ExecutorService) = OpenModelThreadGroup().also { group ->
        OpenModelThreadGroup::class.java.getDeclaredField("executorService").apply { isAccessible = true }.set(group, pool)
    }

    @Test
    fun `the group ends when its running threads are done, not at the end of its schedule`() {
        val pool = Executors.newCachedThreadPool()
        val group = running(pool)
        val release = CountDownLatch(1)
        val sender = pool.submit(Callable { release.await(); "sent" })

        assertThat(endGroup.call(group)).isTrue()
        assertThat(group.verifyThreadsStopped()).`as`("a thread still running keeps the group").isFalse()
        assertThatThrownBy { pool.submit { } }.`as`("no new arrival starts").isInstanceOf(RejectedExecutionException::class.java)
        release.countDown()

        assertThat(sender.get(5, TimeUnit.SECONDS)).`as`("the running thread finished, not interrupted").isEqualTo("sent")
        assertThat(pool.awaitTermination(5, TimeUnit.SECONDS)).isTrue()
        assertThat(group.verifyThreadsStopped()).isTrue()
    }

    @Test
    fun `another kind of group, or none, is left to its own end`() {
        assertThat(endGroup.call(ThreadGroup())).isFalse()
        assertThat(endGroup.call(null)).isFalse()
        assertThat(endGroup.call(OpenModelThreadGroup())).`as`("a group that has not started has no pool").isFalse()
    }
}
