package chatlab.lab

import chatlab.system.cpu.CpuAffinity
import chatlab.sqlite.SqliteDatabase
import com.zaxxer.hikari.HikariDataSource
import io.micrometer.core.instrument.MeterRegistry
import org.springframework.beans.factory.BeanFactory
import org.springframework.core.task.TaskExecutor
import org.springframework.messaging.simp.user.SimpUserRegistry
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor
import org.springframework.stereotype.Component
import javax.sql.DataSource

/**
 * Reads in-flight work from what Spring Boot already measures: Micrometer's active HTTP requests and MongoDB pool
 * gauges, HikariCP's pool MXBeans (MySQL and every SQLite pool), and the STOMP channel executors' active and queued tasks (looked up by name: Spring
 * declares them as no autowiring candidates).
 */
@Component
class ServerActivity(
    private val registry: MeterRegistry,
    private val dataSource: DataSource,
    private val beans: BeanFactory,
    private val cpu: CpuMeter,
    private val properties: LabProperties,
    private val sqlite: List<SqliteDatabase>,
    private val users: SimpUserRegistry,
    private val rendezvous: Rendezvous,
    private val questions: ActivityQuestions,
) {
    /**
     * Takes [LabProperties.idleWindow] to measure the CPUs. Requests in flight leave out the load plans' own questions (this one
     * and any other engine's: ActivityQuestions) and engines waiting at a meeting (Rendezvous): an engine draining before
     * its next step must not wait for another that asks too, or that already waits for it there.
     */
    fun now(): Activity {
        val cores = cpu.busyCores(properties.idleWindow) // first: the counts below are then read at the end of the window
        val http = registry.find("http.server.requests.active").longTaskTimers().sumOf { it.activeTasks() }.toLong() - questions.inFlight() - rendezvous.waiting()
        val pool = dataSource.unwrap(HikariDataSource::class.java).hikariPoolMXBean
        val mongo = registry.find("mongodb.driver.pool.checkedout").gauges().sumOf { it.value() }.toInt()
        val stompIn = pending("clientInboundChannelExecutor")
        val stompOut = pending("clientOutboundChannelExecutor")
        val files = sqlite.flatMap { it.pools }.mapNotNull { it.hikariPoolMXBean }.sumOf { it.activeConnections + it.threadsAwaitingConnection }
        val idle = http <= 0 && stompIn == 0 && stompOut == 0 && pool.activeConnections == 0 && pool.threadsAwaitingConnection == 0 &&
            mongo == 0 && files == 0 && cores < properties.idleCpuCores
        return Activity(
            idle, maxOf(http, 0), stompIn, stompOut, users.userCount, pool.activeConnections, pool.threadsAwaitingConnection, mongo, files, cores, cpu.read(),
            Runtime.getRuntime().availableProcessors(), CpuAffinity.allowed(),
        )
    }

    /** Tasks running or queued on a STOMP channel's executor (a thread pool unless virtual threads are on). */
    private fun pending(executor: String): Int =
        (beans.getBean(executor, TaskExecutor::class.java) as? ThreadPoolTaskExecutor)?.let { it.activeCount + it.threadPoolExecutor.queue.size } ?: 0
}
