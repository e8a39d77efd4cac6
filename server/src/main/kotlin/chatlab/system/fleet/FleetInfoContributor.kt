package chatlab.system.fleet

import chatlab.system.stomp.Broker
import org.springframework.boot.actuate.info.Info
import org.springframework.boot.actuate.info.InfoContributor
import org.springframework.core.env.Environment
import org.springframework.stereotype.Component

/**
 * `/actuator/info` → `fleet`: how many instances serve, their base URLs (this one first) and which broker carries
 * room broadcasts, so a load run can spread its clients over every instance and label its figures with the count.
 */
@Component
class FleetInfoContributor(private val fleet: Fleet, private val env: Environment) : InfoContributor {

    override fun contribute(builder: Info.Builder) {
        val members = fleet.members()
        builder.withDetail(
            "fleet",
            mapOf("instances" to members.size, "broker" to Broker.of(env).key, "urls" to members.map { it.baseUrl }),
        )
    }
}
