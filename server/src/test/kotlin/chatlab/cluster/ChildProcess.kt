package chatlab.cluster

import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.TimeUnit

/** A JVM of this test's classpath running [mainClass], its output in [log]; it ends when this test JVM does. */
class ChildProcess(val name: String, private val mainClass: String, private val args: List<String>, val log: Path, private val heap: String = "512m") {
    @Volatile private var process: Process? = null

    val isAlive get() = process?.isAlive == true

    fun start(): ChildProcess {
        check(!isAlive) { "$name is already running" }
        Files.createDirectories(log.parent)
        val java = Path.of(System.getProperty("java.home"), "bin", "java").toString()
        process = ProcessBuilder(listOf(java, "-Xmx$heap", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), mainClass) + args)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start()
        return this
    }

    /** SIGKILL: no shutdown hook, no goodbye to its peers, as a crash or `kill -9` would. */
    fun kill() {
        process?.let { it.destroyForcibly(); it.waitFor(30, TimeUnit.SECONDS) }
    }

    /** SIGTERM: a clean stop. */
    fun stop() {
        process?.let {
            it.destroy()
            if (!it.waitFor(30, TimeUnit.SECONDS)) it.destroyForcibly().waitFor(10, TimeUnit.SECONDS)
        }
    }

    fun logText(): String = if (Files.exists(log)) Files.readString(log) else ""
}
