package chatlab.cluster

import chatlab.message.ChatMessageDto
import chatlab.system.fleet.FreePort
import chatlab.system.readiness.RaceClient
import org.awaitility.kotlin.await
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.jdbc.datasource.DriverManagerDataSource
import tools.jackson.databind.json.JsonMapper
import java.net.URI
import java.net.URLEncoder
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.time.Instant
import java.util.Properties

/**
 * Several chat server instances sharing one set of backends, each a process of its own, as users run them: a data
 * stack process (MariaDB, Redis, the MongoDB stand-in), a broker process (embedded Artemis on a fixed port, so it can
 * be stopped, killed and started again where the instances look for it) or an external broker ([relayHost] and
 * [relayPort], e.g. the machine's RabbitMQ), and [instances] servers relaying to it, each on a free port.
 */
class Cluster(
    val instances: Int,
    private val relayHost: String? = null,
    private val relayPort: Int = 61613,
    private val dir: Path = Files.createTempDirectory("chatlab-cluster-"),
) : AutoCloseable {
    private val logs: Path = Path.of("target", "cluster-logs", dir.fileName.toString())
    private val dataFile = dir.resolve("data.properties")
    private val brokerFile = dir.resolve("broker.properties")
    var brokerPort = if (relayHost == null) FreePort.find() else relayPort
        private set
    val ports = List(instances) { FreePort.find() }

    private val data = ChildProcess("stack", STACK_MAIN, listOf("--backends=mysql,redis,mongodb", "--out=$dataFile", "--dir=$dir", "--exit-with-parent=true"), logs.resolve("stack.log"))
    /** The broker's own process (embedded Artemis only): stop, kill and [startBroker] it for the fault drills. */
    var broker = brokerProcess()
        private set
    val servers = ports.mapIndexed { i, port ->
        val imports = listOfNotNull(dataFile, brokerFile.takeIf { relayHost == null }).joinToString(",") { "file:$it" }
        ChildProcess("instance-${i + 1}", SERVER_MAIN, listOfNotNull(
            "--spring.profiles.active=it", "--server.port=$port", "--spring.config.import=$imports", "--chatlab.exit-with-parent=true",
            "--chatlab.broker=relay",
            relayHost?.let { "--chatlab.relay.host=$it" }, relayHost?.let { "--chatlab.relay.port=$relayPort" },
        ), logs.resolve("instance-${i + 1}.log"), heap = "768m")
    }
    val brokerName: String get() = if (relayHost == null) "embedded Artemis" else "$relayHost:$relayPort"

    private fun brokerProcess() = ChildProcess("broker", STACK_MAIN, listOf("--backends=broker", "--broker-port=$brokerPort", "--out=$brokerFile", "--dir=$dir", "--exit-with-parent=true"), logs.resolve("broker.log"), heap = "256m")

    fun start(): Cluster {
        data.start()
        if (relayHost == null) startFirstBroker()
        await.atMost(Duration.ofMinutes(2)).until { Files.exists(dataFile) }
        servers.forEach { it.start() }
        ports.forEach(::awaitReady)
        return this
    }

    /**
     * Artemis on the port chosen for it, which another process may take before the broker binds it (an outgoing
     * connection's local port comes from the same range): a broker that could not bind exits, and starts on another.
     * Restarts ([startBroker], the drills) keep the port the instances were given.
     */
    private fun startFirstBroker() {
        repeat(3) {
            broker.start()
            await.atMost(Duration.ofMinutes(2)).until { Files.exists(brokerFile) || !broker.isAlive }
            if (Files.exists(brokerFile)) return
            brokerPort = FreePort.find()
            broker = brokerProcess()
        }
        error("the embedded Artemis did not start on three free ports; see ${logs.resolve("broker.log")}")
    }

    /** Restarts Artemis where the instances look for it (an external broker is not this cluster's to restart). */
    fun startBroker() {
        check(relayHost == null) { "the broker at $brokerName is not started by this cluster" }
        Files.deleteIfExists(brokerFile)
        broker.start()
        await.atMost(Duration.ofMinutes(1)).until { Files.exists(brokerFile) }
    }

    fun awaitReady(port: Int) {
        await.atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(500)).until { status(port, "/actuator/health/readiness") == 200 }
    }

    fun status(port: Int, path: String): Int = runCatching {
        http.send(HttpRequest.newBuilder(URI("http://127.0.0.1:$port$path")).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.discarding()).statusCode()
    }.getOrDefault(-1)

    /** A client of instance [index] (0-based), minting tokens with the instances' secret. */
    fun client(index: Int) = RaceClient(ports[index], SECRET)

    /** The shared MySQL, to check what the instances stored. */
    fun jdbc(): JdbcTemplate {
        val props = Properties().apply { Files.newBufferedReader(dataFile).use { load(it) } }
        return JdbcTemplate(DriverManagerDataSource(props.getProperty("spring.datasource.url"), props.getProperty("spring.datasource.username"), props.getProperty("spring.datasource.password") ?: ""))
    }

    /**
     * The newest messages of [room] in [store], newest first, read through instance [index]: at least [limit] of them,
     * or back to the first page that reaches below [until].
     */
    fun history(room: Long, store: String, reader: Long, limit: Int = 1000, index: Int = 0, until: Instant? = null): List<ChatMessageDto> {
        val client = client(index)
        val all = mutableListOf<ChatMessageDto>()
        var cursor: String? = null
        do {
            val query = "store=$store&size=100" + (cursor?.let { "&cursor=" + URLEncoder.encode(it, Charsets.UTF_8) } ?: "")
            val page = client.get("/api/v1/chat-rooms/$room/messages?$query", reader)!!
            check(page.status == 200) { "history of room $room on $store: ${page.status} ${page.body}" }
            all += (page.body["messages"] as List<*>).map { json.convertValue(it, ChatMessageDto::class.java) }
            cursor = page.body["nextCursor"] as String?
        } while (cursor != null && (if (until != null) all.last().sentAt >= until else all.size < limit))
        return all
    }

    override fun close() {
        servers.forEach { it.stop() }
        broker.stop()
        data.stop()
    }

    companion object {
        /** The instances' JWT secret: the server's development default. */
        const val SECRET = "chatlab-local-development-secret-change-me"
        private val json = JsonMapper.builder().findAndAddModules().build()
        private const val SERVER_MAIN = "chatlab.ChatlabApplicationKt"

        /** The shared stack's own entry point (the `stack` module's `stack-<version>-exec.jar`). */
        private const val STACK_MAIN = "chatlab.stack.SharedStackKt"
        private val http: HttpClient = HttpClient.newHttpClient()
    }
}
