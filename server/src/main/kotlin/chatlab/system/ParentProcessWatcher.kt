package chatlab.system

import org.slf4j.LoggerFactory
import org.springframework.boot.SpringApplication
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty
import org.springframework.context.ConfigurableApplicationContext
import org.springframework.stereotype.Component
import kotlin.system.exitProcess

/**
 * With `chatlab.exit-with-parent=true` (set by the Maven load run), the server shuts down cleanly, embedded
 * servers included, when the process that started it exits: a failed or interrupted build leaves nothing running.
 * Armed as soon as the bean exists, so a build that dies during seeding is noticed too.
 */
@Component
@ConditionalOnProperty("chatlab.exit-with-parent", havingValue = "true")
class ParentProcessWatcher(context: ConfigurableApplicationContext) {

    init {
        ProcessHandle.current().parent().ifPresent { parent ->
            log.info("Will stop when the parent process {} exits", parent.pid())
            parent.onExit().thenRun {
                log.warn("Parent process {} exited; stopping the server", parent.pid())
                exitProcess(SpringApplication.exit(context))
            }
        }
    }

    companion object {
        private val log = LoggerFactory.getLogger(ParentProcessWatcher::class.java)
    }
}
