package chatlab.stack

import org.slf4j.LoggerFactory
import java.nio.file.Files
import java.nio.file.Path
import java.util.Properties
import java.util.concurrent.CountDownLatch
import kotlin.system.exitProcess

/**
 * The backends several server instances share, in a process of their own (the embedded stack lives inside its one
 * server otherwise): `java -jar stack/target/stack-<version>-exec.jar --out=stack.properties`. Starts
 * MariaDB, Redis, the MongoDB stand-in and Artemis (`--backends=mysql,redis,mongodb,broker`, the default), writes what
 * an instance needs to use them to `--out` (start each with `--spring.config.import=file:<out>`), and runs until it is
 * stopped (SIGTERM; or, with `--exit-with-parent`, when the process that started it ends), then stops them and removes
 * their directory. `--broker-port=N` puts Artemis on a port of one's choosing, so a restarted broker is found again.
 */
fun main(args: Array<String>) {
    runStack(args.toList())
}

private fun runStack(args: List<String>) {
    // No Spring Boot here to configure logging: logback would print every library's debug lines.
    (LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME) as ch.qos.logback.classic.Logger).level = ch.qos.logback.classic.Level.INFO
    // Artemis's audit loggers would write a line for every message it routes.
    (LoggerFactory.getLogger("org.apache.activemq.audit") as ch.qos.logback.classic.Logger).level = ch.qos.logback.classic.Level.WARN
    val options = args.filter { it.startsWith("--") && "=" in it }.associate { it.removePrefix("--").substringBefore('=') to it.substringAfter('=') }
    val out = Path.of(options["out"] ?: "stack.properties").toAbsolutePath()
    val backends = (options["backends"] ?: Backend.entries.joinToString(",") { it.key }).split(',').map { key ->
        Backend.entries.firstOrNull { it.key == key.trim() } ?: error("unknown backend '$key': use ${Backend.entries.joinToString { it.key }}")
    }.toSet()
    val stack = EmbeddedStack.start(backends, options["dir"]?.let(Path::of), options["broker-port"]?.toInt())
    Runtime.getRuntime().addShutdownHook(Thread({ stack.destroy() }, "stack-stop"))
    stack.awaitStarted()
    val shared = sharedProperties(stack.properties())
    Files.createDirectories(out.parent)
    val partial = out.resolveSibling(out.fileName.toString() + ".part")
    Files.newBufferedWriter(partial).use { shared.store(it, "chatlab shared stack, pid ${ProcessHandle.current().pid()}") }
    Files.move(partial, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE)
    LoggerFactory.getLogger("chatlab.stack.SharedStack").info("Shared stack ready ({}): {}", backends.joinToString { it.key }, out)
    if (options["exit-with-parent"] == "true") {
        ProcessHandle.current().parent().ifPresent { parent -> parent.onExit().thenRun { exitProcess(0) } }
    }
    CountDownLatch(1).await()
}

/**
 * What an instance reads from the `--out` file: where each backend listens and what it is, and that it starts none
 * itself. Not which broker carries its rooms' broadcasts: an instance on the file runs Spring's simple broker unless it
 * is started with `--chatlab.broker=relay`. At 200 members and 30 SENDs/s on a 2-core host the relay through the
 * embedded Artemis put delivery p95 at 0.2–6.6 s (median 1.6 s of six blocks) against 0.13–0.6 s (0.3 s) on the simple
 * broker in the same blocks, so a single instance that found the relay chosen for it measured another server.
 */
internal fun sharedProperties(stack: Map<String, Any>) = Properties().apply {
    stack.forEach { (key, value) -> setProperty(key, value.toString()) }
    setProperty("chatlab.stack.mode", "external")
}
