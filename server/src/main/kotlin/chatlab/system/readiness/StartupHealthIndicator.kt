package chatlab.system.readiness

import org.springframework.boot.health.contributor.Health
import org.springframework.boot.health.contributor.HealthIndicator
import org.springframework.stereotype.Component

/** `startup` in /actuator/health and the readiness group: OUT_OF_SERVICE with what is going on until start-up is done. */
@Component("startup")
class StartupHealthIndicator(private val progress: StartupProgress) : HealthIndicator {
    override fun health(): Health =
        if (progress.finished) Health.up().build()
        else Health.outOfService().withDetails(progress.details()).build()
}
