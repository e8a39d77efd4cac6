package chatlab.stack

import org.slf4j.LoggerFactory
import org.springframework.beans.factory.DisposableBean
import org.springframework.beans.factory.ListableBeanFactory
import org.springframework.boot.ApplicationArguments
import org.springframework.boot.ApplicationRunner
import org.springframework.core.Ordered
import org.springframework.core.env.ConfigurableEnvironment
import org.springframework.core.env.EnumerablePropertySource
import org.springframework.core.env.MapPropertySource
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.util.Properties
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.TimeUnit
import java.util.function.BiConsumer

/**
 * With `chatlab.fleet.instances=N` (N > 1) the chat server this launcher runs in, once its own start-up is done
 * (backends, seed), gets N - 1 more instances of itself: each a JVM of its own on a free loopback port that uses this
 * one's backends and broker and stops with it. With `chatlab.fleet.deployments` it starts, the same way, the instances
 * of each further [Deployment], whose broadcasts go through that deployment's broker. Runs last among the start-up
 * runners, so the server turns ready only when every other instance is: a load run that waits for readiness finds them
 * all serving.
 *
 * The server learns who was started from its environment: the property source [MEMBERS] lists each further instance
 * under `chatlab.fleet.started[i]` (`index`, `port`, `pid`, and for a deployment's `deployment`, `broker` and
 * `outbound-threads`). While it waits, it reports to the server's start-up progress through the bean [PROGRESS], a
 * `BiConsumer<String, String>` (step, state), when the server offers one.
 */
class FleetLauncher(private val env: ConfigurableEnvironment, private val beans: ListableBeanFactory) : ApplicationRunner, DisposableBean, Ordered {
    private val started = CopyOnWriteArrayList<Pair<Launched, Process>>()
    @Volatile private var sharedFile: Path? = null

    override fun getOrder(): Int = Ordered.LOWEST_PRECEDENCE

    override fun run(args: ApplicationArguments) {
        val settings = FleetSettings.from(env)
        val further = (2..settings.instances).map { null } + settings.groups.distinct().flatMap { group -> List(group.instances) { group } }
        if (further.isEmpty()) return
        val shared = writeSharedStack().also { sharedFile = it }
        val mainClass = System.getProperty("sun.java.command").orEmpty().substringBefore(' ').takeUnless { it.isEmpty() || it.endsWith(".jar") } ?: DEFAULT_MAIN
        further.forEachIndexed { i, deployment ->
            val index = i + 2
            val port = FreePort.find()
            val command = MemberCommand.of(index, port, settings.heap, shared, mainClass, args.sourceArgs.toList(), deployment?.broker ?: Deployment.RELAY,
                deployment?.outboundThreads)
            val output = (settings.logs?.let { Files.createDirectories(it) } ?: shared.parent).resolve("chatlab-instance-$index.log")
            val process = ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start()
            started += Launched(index, port, process.pid(), deployment) to process
            log.info("Instance {} ({}) starting on port {} (pid {}, log {})", index, deployment?.let { "deployment ${it.name}" } ?: "of ${settings.instances}",
                port, process.pid(), output)
        }
        started.forEach { (member, process) -> awaitReady(member, process, settings.startTimeout) }
        env.propertySources.addFirst(MapPropertySource(MEMBERS, started.withIndex().flatMap { (i, it) -> it.first.properties("chatlab.fleet.started[$i]") }.toMap()))
        log.info("All {} instances ready: this one and {}", started.size + 1, started.joinToString { it.first.baseUrl })
    }

    /** This process's backends and broker, as a further instance must see them (like the stack's own `--out` file). */
    private fun writeSharedStack(): Path {
        val shared = Properties()
        (env.propertySources.get(EmbeddedStackInitializer.PROPERTIES) as? EnumerablePropertySource<*>)?.let { stack ->
            stack.propertyNames.forEach { name -> shared.setProperty(name, stack.getProperty(name).toString()) }
            shared.setProperty("chatlab.stack.mode", "external")
        }
        shared.setProperty("chatlab.broker", Deployment.RELAY)
        val dir = Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"), "chatlab-fleet-${ProcessHandle.current().pid()}"))
        val file = dir.resolve("stack.properties")
        Files.newBufferedWriter(file).use { shared.store(it, "chatlab fleet: the first instance's backends") }
        return file
    }

    private fun awaitReady(member: Launched, process: Process, timeout: Duration) {
        val client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()
        val readiness = HttpRequest.newBuilder(URI.create("${member.baseUrl}/actuator/health/readiness")).timeout(Duration.ofSeconds(5)).build()
        val until = System.nanoTime() + timeout.toNanos()
        while (true) {
            progress("waiting for instance ${member.index} of ${started.size + 1} on port ${member.port}")
            check(process.isAlive) { "instance ${member.index} (port ${member.port}) exited with ${process.exitValue()} while starting; see its log" }
            val status = runCatching { client.send(readiness, HttpResponse.BodyHandlers.discarding()).statusCode() }.getOrDefault(0)
            if (status == 200) return
            check(System.nanoTime() < until) { "instance ${member.index} (port ${member.port}) was not ready within $timeout" }
            Thread.sleep(POLL.toMillis())
        }
    }

    @Suppress("UNCHECKED_CAST")
    private fun progress(state: String) {
        if (beans.containsBean(PROGRESS)) (beans.getBean(PROGRESS) as BiConsumer<String, String>).accept("fleet", state)
    }

    /** Stops the other instances before this one's backends go (the embedded stack is destroyed after this launcher). */
    override fun destroy() {
        started.forEach { (_, process) -> process.destroy() }
        started.forEach { (member, process) ->
            if (!process.waitFor(STOP_TIMEOUT.seconds, TimeUnit.SECONDS)) {
                log.warn("Instance {} did not stop within {}; killing it", member.index, STOP_TIMEOUT)
                process.destroyForcibly()
            }
        }
        sharedFile?.let { runCatching { Files.deleteIfExists(it) } }
    }

    /** One instance this launcher started: [deployment] is the group it serves in, null for the fleet's own. */
    private data class Launched(val index: Int, val port: Int, val pid: Long, val deployment: Deployment?) {
        val baseUrl: String get() = "http://127.0.0.1:$port"

        fun properties(prefix: String): List<Pair<String, Any>> = listOfNotNull(
            "$prefix.index" to index, "$prefix.port" to port, "$prefix.pid" to pid,
            deployment?.let { "$prefix.deployment" to it.name }, deployment?.let { "$prefix.broker" to it.broker },
            deployment?.outboundThreads?.let { "$prefix.outbound-threads" to it },
        )
    }

    companion object {
        private val log = LoggerFactory.getLogger(FleetLauncher::class.java)
        private val POLL: Duration = Duration.ofMillis(500)
        private val STOP_TIMEOUT: Duration = Duration.ofSeconds(30)
        private const val DEFAULT_MAIN = "chatlab.ChatlabApplicationKt"

        const val BEAN_NAME = "chatlabFleetLauncher"
        /** The property source that lists the started instances. */
        const val MEMBERS = "chatlabFleetMembers"
        /** The server's start-up progress, a `BiConsumer<String, String>` bean, when it offers one. */
        const val PROGRESS = "chatlabStartupProgress"
    }
}
