package chatlab

import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.boot.context.ApplicationPidFileWriter
import org.springframework.boot.context.properties.ConfigurationPropertiesScan
import org.springframework.boot.runApplication

@SpringBootApplication
@ConfigurationPropertiesScan
class ChatlabApplication

/** The chat server. */
fun main(args: Array<String>) {
    // Writes spring.pid.file when set, so a run that fails half-way can still stop this server.
    runApplication<ChatlabApplication>(*args) { addListeners(ApplicationPidFileWriter()) }
}
