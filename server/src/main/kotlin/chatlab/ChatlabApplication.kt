package chatlab

import chatlab.system.stack.runStack
import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.boot.context.ApplicationPidFileWriter
import org.springframework.boot.context.properties.ConfigurationPropertiesScan
import org.springframework.boot.runApplication

@SpringBootApplication
@ConfigurationPropertiesScan
class ChatlabApplication

/** The chat server; or, as `stack --out=…`, the backends that several instances share (see server/README.md). */
fun main(args: Array<String>) {
    if (args.firstOrNull() == "stack") return runStack(args.drop(1))
    // Writes spring.pid.file when set, so a run that fails half-way can still stop this server.
    runApplication<ChatlabApplication>(*args) { addListeners(ApplicationPidFileWriter()) }
}
