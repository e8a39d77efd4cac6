package chatlab.system.cpu

import org.slf4j.LoggerFactory
import org.springframework.context.ApplicationContextInitializer
import org.springframework.context.ConfigurableApplicationContext
import org.springframework.core.Ordered

/**
 * With `chatlab.cpus` (e.g. `--chatlab.cpus=1`, Linux only) the server pins itself to those CPUs before the embedded
 * backends start, so MariaDB and Redis inherit the same CPUs and a load generator pinned elsewhere measures a server
 * that cannot take its cores. Registered in `META-INF/spring.factories`, ahead of the embedded stack.
 */
class CpuAffinityInitializer : ApplicationContextInitializer<ConfigurableApplicationContext>, Ordered {

    override fun getOrder(): Int = Ordered.HIGHEST_PRECEDENCE

    override fun initialize(context: ConfigurableApplicationContext) {
        val cpus = context.environment.getProperty("chatlab.cpus")?.trim().orEmpty()
        if (cpus.isEmpty()) return
        CpuAffinity.pin(cpus)
        log.info("Pinned the server to CPUs {} (allowed now: {})", cpus, CpuAffinity.allowed())
    }

    companion object {
        private val log = LoggerFactory.getLogger(CpuAffinityInitializer::class.java)
    }
}
