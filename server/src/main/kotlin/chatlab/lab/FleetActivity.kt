package chatlab.lab

import chatlab.system.fleet.Fleet
import com.fasterxml.jackson.databind.ObjectMapper
import org.springframework.stereotype.Component
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.time.Duration

/**
 * The activity of every instance of the fleet, as one: the first instance asks each other one for its own (at the same
 * time as it measures itself) and adds up the work in flight; idle only when every instance is. CPU is this process's
 * reading, which already covers the other instances: they are its child processes.
 */
@Component
class FleetActivity(private val fleet: Fleet, private val local: ServerActivity, private val json: ObjectMapper) {
    private val client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()

    fun now(authorization: String?): Activity {
        val members = fleet.members()
        val others = members.drop(1).map { member ->
            val request = HttpRequest.newBuilder(URI.create("${member.baseUrl}/api/v1/lab/activity")).timeout(Duration.ofSeconds(10))
                .apply { if (authorization != null) header("Authorization", authorization) }.build()
            member to client.sendAsync(request, HttpResponse.BodyHandlers.ofString())
        }
        val here = local.now()
        val answers = others.map { (member, pending) ->
            val response = pending.join()
            check(response.statusCode() == 200) { "instance ${member.index} (port ${member.port}) answered ${response.statusCode()}: ${response.body().take(200)}" }
            json.readValue(response.body(), Activity::class.java)
        }
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
        }.copy(instances = members.map { it.baseUrl })
    }
}
