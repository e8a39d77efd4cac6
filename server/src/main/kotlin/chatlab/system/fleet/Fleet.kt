package chatlab.system.fleet

import chatlab.system.readiness.StartupProgress
import chatlab.system.stomp.Broker
import org.slf4j.LoggerFactory
import org.springframework.beans.factory.DisposableBean
import org.springframework.boot.ApplicationArguments
import org.springframework.boot.ApplicationRunner
import org.springframework.core.Ordered
import org.springframework.core.annotation.Order
import org.springframework.core.env.ConfigurableEnvironment
import org.springframework.core.env.EnumerablePropertySource
import org.springframework.core.env.Environment
import org.springframework.stereotype.Component
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.util.Properties
import java.util.concurrent.CopyOnWriteArrayList

/**
 * With `chatlab.fleet.instances=N` (N > 1) this server, once its own start-up is done (embedded stack, seed), starts
 * N - 1 more instances of itself: each a JVM of its own on a free loopback port that uses this one's backends and broker
 * and stops with it. With `chatlab.fleet.deployments` it starts, the same way, the instances of each further
 * deployment, whose broadcasts go through that deployment's broker. Runs last among the start-up runners, so this
 * instance turns ready only when every other one is: a load run that waits for readiness finds them all serving.
 * [members] lists them all, this one first; [own] the fleet's own, [deployments] the further groups.
 */
@Component
@Order(Ordered.LOWEST_PRECEDENCE)
class Fleet(
    private val properties: FleetProperties,
    private val env: Environment,
    private val progress: StartupProgress,
) : ApplicationRunner, DisposableBean {
    private val started = CopyOnWriteArrayList<Pair<FleetMember, Process>>()
    @Volatile private var sharedFile: Path? = null

    /** Every instance, this one first; just this one unless it started others. */
    fun members(): List<FleetMember> =
        listOf(FleetMember(1, env.getProperty("local.server.port", Int::class.java, 0), ProcessHandle.current().pid())) + started.map { it.first }

    /** The fleet's own instances (`chatlab.fleet.instances`), this one first. */
    fun own(): List<FleetMember> = members().filter { it.deployment == null }

    /** Each further deployment (`chatlab.fleet.deployments`, in its order) with its instances. */
    fun deployments(): List<Pair<Deployment, List<FleetMember>>> =
        properties.groups.distinct().map { group -> group to started.map { it.first }.filter { it.deployment == group } }

    override fun run(args: ApplicationArguments) {
        val further = (2..properties.instances).map { null } + properties.groups.distinct().flatMap { group -> List(group.instances) { group } }
        if (further.isEmpty()) return
        val shared = writeSharedStack().also { sharedFile = it }
        val mainClass = System.getProperty("sun.java.command").orEmpty().substringBefore(' ').takeUnless { it.isEmpty() || it.endsWith(".jar") } ?: DEFAULT_MAIN
        further.forEachIndexed { i, deployment ->
            val index = i + 2
            val port = FreePort.find()
            val broker = deployment?.broker ?: Broker.RELAY
            val command = MemberCommand.of(index, port, properties.heap, shared, mainClass, args.sourceArgs.toList(), broker, deployment?.outboundThreads)
            val output = (properties.logs?.let { Files.createDirectories(it) } ?: shared.parent).resolve("chatlab-instance-$index.log")
            val process = ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start()
            started += FleetMember(index, port, process.pid(), deployment) to process
            log.info("Instance {} ({}) starting on port {} (pid {}, log {})", index, deployment?.let { "deployment ${it.name}" } ?: "of ${properties.instances}",
                port, process.pid(), output)
        }
        started.forEach { (member, process) -> awaitReady(member, process) }
        log.info("All {} instances ready: {}", members().size, members().joinToString { it.baseUrl })
    }

    /**
     * This process's backends and broker, as a further instance must see them (like the stack's own `--out` file): the
     * embedded stack's property source, [EMBEDDED_STACK], when this process started one.
     */
    private fun writeSharedStack(): Path {
        val shared = Properties()
        val stack = (env as? ConfigurableEnvironment)?.propertySources?.get(EMBEDDED_STACK) as? EnumerablePropertySource<*>
        if (stack != null) {
            stack.propertyNames.forEach { name -> shared.setProperty(name, stack.getProperty(name).toString()) }
            shared.setProperty("chatlab.stack.mode", "external")
        }
        shared.setProperty("chatlab.broker", Broker.RELAY.key)
        val dir = Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"), "chatlab-fleet-${ProcessHandle.current().pid()}"))
        val file = dir.resolve("stack.properties")
        Files.newBufferedWriter(file).use { shared.store(it, "chatlab fleet: the first instance's backends") }
        return file
    }

    private fun awaitReady(member: FleetMember, process: Process) {
        val client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()
        val readiness = HttpRequest.newBuilder(URI.create("${member.baseUrl}/actuator/health/readiness")).timeout(Duration.ofSeconds(5)).build()
        val until = System.nanoTime() + properties.startTimeout.toNanos()
        while (true) {
            progress.report("fleet", "waiting for instance ${member.index} of ${started.size + 1} on port ${member.port}")
            check(process.isAlive) { "instance ${member.index} (port ${member.port}) exited with ${process.exitValue()} while starting; see its log" }
            val status = runCatching { client.send(readiness, HttpResponse.BodyHandlers.discarding()).statusCode() }.getOrDefault(0)
            if (status == 200) return
            check(System.nanoTime() < until) { "instance ${member.index} (port ${member.port}) was not ready within ${properties.startTimeout}" }
            Thread.sleep(POLL.toMillis())
        }
    }

    /** Stops the other instances before this one's backends go (the embedded stack is destroyed after every bean). */
    override fun destroy() {
        started.forEach { (_, process) -> process.destroy() }
        started.forEach { (member, process) ->
            if (!process.waitFor(STOP_TIMEOUT.seconds, java.util.concurrent.TimeUnit.SECONDS)) {
                log.warn("Instance {} did not stop within {}; killing it", member.index, STOP_TIMEOUT)
                process.destroyForcibly()
            }
        }
        sharedFile?.let { runCatching { Files.deleteIfExists(it) } }
    }

    companion object {
        private val log = LoggerFactory.getLogger(Fleet::class.java)
        private val POLL: Duration = Duration.ofMillis(500)
        private val STOP_TIMEOUT: Duration = Duration.ofSeconds(30)
        private const val DEFAULT_MAIN = "chatlab.ChatlabApplicationKt"

        /** The property source in which the embedded stack (the `stack` module) says where its servers listen. */
        const val EMBEDDED_STACK = "chatlabEmbeddedStack"
    }
}
