package chatlab.lab

import chatlab.system.fleet.Fleet
import chatlab.system.fleet.FleetCalls
import org.springframework.stereotype.Component
import tools.jackson.databind.ObjectMapper

/**
 * The activity of every instance of the fleet, as one: the first instance asks each other one for its own (at the same
 * time as it measures itself) and adds up the work in flight; idle only when every instance is. CPU is this process's
 * reading, which already covers the other instances: they are its child processes.
 */
@Component
class FleetActivity(private val fleet: Fleet, private val calls: FleetCalls, private val local: ServerActivity, private val json: ObjectMapper) {

    fun now(authorization: String?): Activity {
        val others = calls.toOthers("GET", "/api/v1/lab/activity", authorization)
        val here = local.now()
        val answers = others.await().map { json.readValue(it, Activity::class.java) }
        return answers.fold(here) { sum, other ->
            sum.copy(
                idle = sum.idle && other.idle,
                httpInFlight = sum.httpInFlight + other.httpInFlight,
                stompInbound = sum.stompInbound + other.stompInbound,
                stompOutbound = sum.stompOutbound + other.stompOutbound,
                mysqlActive = sum.mysqlActive + other.mysqlActive,
                mysqlWaiting = sum.mysqlWaiting + other.mysqlWaiting,
                mongoCheckedOut = sum.mongoCheckedOut + other.mongoCheckedOut,
                sqliteActive = sum.sqliteActive + other.sqliteActive,
            )
        }.copy(instances = fleet.members().map { it.baseUrl })
    }
}
