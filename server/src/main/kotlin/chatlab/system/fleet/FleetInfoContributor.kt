package chatlab.system.fleet

import chatlab.system.stomp.Broker
import org.springframework.boot.actuate.info.Info
import org.springframework.boot.actuate.info.InfoContributor
import org.springframework.core.env.Environment
import org.springframework.stereotype.Component

/**
 * `/actuator/info` → `fleet`: how many instances serve, their base URLs (this one first) and which broker carries
 * room broadcasts, so a load run can spread its clients over every instance and label its figures with the count;
 * `deployments`: each further group of instances (`chatlab.fleet.deployments`), by name, with its broker and URLs
 * (and its outbound pool, when it sets its own).
 */
@Component
class FleetInfoContributor(private val fleet: Fleet, private val env: Environment) : InfoContributor {

    override fun contribute(builder: Info.Builder) {
        val own = fleet.own()
        val deployments = fleet.deployments().map { (name, members) ->
            mapOf("name" to name, "broker" to members.first().broker, "instances" to members.size, "urls" to members.map { it.baseUrl }) +
                (members.first().outboundThreads?.let { mapOf("outboundThreads" to it) } ?: emptyMap())
        }
        builder.withDetail(
            "fleet",
            mapOf("instances" to own.size, "broker" to Broker.of(env).key, "urls" to own.map { it.baseUrl }, "deployments" to deployments),
        )
    }
}
