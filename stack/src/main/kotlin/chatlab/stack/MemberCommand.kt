package chatlab.stack

import java.io.File
import java.lang.management.ManagementFactory
import java.nio.file.Path

/**
 * The command line of a further instance: the same Java, classpath (or jar) and main class as this process, its JVM
 * options without what must stay unique to one process (JMX, debugger, heap: [heap] instead, as its initial heap too,
 * so that it does not grow the heap under the first loads it serves), its arguments without port, pid file, fleet size,
 * deployments and broker, plus the shared stack's properties, a port of its own, its place in the fleet and its
 * [broker] (given once: an argument given twice reaches Spring as both values joined by a comma), and its deployment's
 * [outboundThreads] when it sets them (instead of the first instance's).
 */
object MemberCommand {
    private val PROCESS_ONLY = listOf("-Dcom.sun.management.jmxremote", "-Dspring.application.admin", "-agentlib:", "-javaagent:", "-Xms", "-Xmx")
    private val OWN_ARGUMENTS = listOf("--server.port=", "--spring.pid.file=", "--chatlab.fleet.instances=", "--chatlab.exit-with-parent=",
        "--chatlab.fleet.deployments=", "--chatlab.broker=")
    private const val OUTBOUND = "--chatlab.stomp.outbound-threads="

    fun of(index: Int, port: Int, heap: String, stackProperties: Path, mainClass: String, sourceArgs: List<String>, broker: String, outboundThreads: Int? = null): List<String> {
        val javaBin = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString())
        val jvm = ManagementFactory.getRuntimeMXBean().inputArguments.filterNot { option -> PROCESS_ONLY.any { option.startsWith(it) } }
        val classpath = System.getProperty("java.class.path")
        val launch = if (classpath.endsWith(".jar") && !classpath.contains(File.pathSeparator)) listOf("-jar", classpath)
        else listOf("-cp", classpath, mainClass)
        val own = OWN_ARGUMENTS + if (outboundThreads != null) listOf(OUTBOUND) else emptyList()
        val args = sourceArgs.filterNot { arg -> own.any { arg.startsWith(it) } } + listOfNotNull(
            "--server.port=$port",
            "--spring.config.import=file:$stackProperties",
            "--chatlab.exit-with-parent=true",
            "--chatlab.fleet.instances=1",
            "--chatlab.fleet.member=$index",
            "--chatlab.broker=$broker",
            outboundThreads?.let { "$OUTBOUND$it" },
        )
        return listOf(javaBin, "-Xms$heap", "-Xmx$heap") + jvm + launch + args
    }
}
