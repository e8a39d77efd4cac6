package chatlab.system.info

import org.springframework.boot.actuate.info.Info
import org.springframework.boot.actuate.info.InfoContributor
import org.springframework.stereotype.Component
import java.lang.management.ManagementFactory

/** `/actuator/info`: the backends and the machine that produced any figure measured against this server. */
@Component
class BackendsInfoContributor(private val probe: BackendProbe) : InfoContributor {
    /** Fixed for the JVM's life: read once. */
    private val jit = jitLimit(ManagementFactory.getRuntimeMXBean().inputArguments)

    override fun contribute(builder: Info.Builder) {
        val runtime = Runtime.getRuntime()
        builder.withDetail("backends", probe.describeAll())
        builder.withDetail(
            "machine",
            mapOf(
                "cpus" to runtime.availableProcessors(),
                "os" to "${System.getProperty("os.name")} ${System.getProperty("os.version")} ${System.getProperty("os.arch")}",
                "jvm" to "${System.getProperty("java.vm.name")} ${System.getProperty("java.runtime.version")}",
                "maxHeapMb" to runtime.maxMemory() / (1024 * 1024),
                "uptimeMs" to ManagementFactory.getRuntimeMXBean().uptime,
            ) + listOfNotNull(jit?.let { "jit" to it }),
        )
    }

    companion object {
        /** A JVM option that keeps the JIT from its optimising compiler, so the server from its steady-state speed. */
        fun jitLimit(jvmOptions: List<String>): String? = jvmOptions.firstOrNull { it == "-Xint" }
            ?: jvmOptions.lastOrNull { it.startsWith("-XX:TieredStopAtLevel=") }?.takeIf { (it.substringAfter('=').toIntOrNull() ?: 4) < 4 }
    }
}
