package chatlab

import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.boot.context.properties.ConfigurationPropertiesScan
import org.springframework.boot.runApplication

@SpringBootApplication
@ConfigurationPropertiesScan
class ChatlabApplication

fun main(args: Array<String>) {
    runApplication<ChatlabApplication>(*args)
}
