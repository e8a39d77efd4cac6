package chatlab.system.fleet

import org.springframework.stereotype.Component
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.time.Duration
import java.util.concurrent.CompletableFuture

/**
 * The first instance's calls to every other instance of the fleet, for lab work that must reach each one (its activity,
 * a resize of its own pools): the same request to all of them at once, with the caller's authorization. An instance
 * that did not start others has none to call.
 */
@Component
class FleetCalls(private val fleet: Fleet) {
    private val client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()

    /** Starts `method path` on every other instance; [Pending.await] gives their bodies, or fails naming the first that did not answer 2xx. */
    fun toOthers(method: String, path: String, authorization: String?): Pending {
        val calls = fleet.members().drop(1).map { member ->
            val request = HttpRequest.newBuilder(URI.create(member.baseUrl + path)).timeout(TIMEOUT)
                .method(method, HttpRequest.BodyPublishers.noBody())
                .apply { if (authorization != null) header("Authorization", authorization) }.build()
            member to client.sendAsync(request, HttpResponse.BodyHandlers.ofString())
        }
        return Pending(method, path, calls)
    }

    class Pending(private val method: String, private val path: String, private val calls: List<Pair<FleetMember, CompletableFuture<HttpResponse<String>>>>) {
        fun await(): List<String> = calls.map { (member, pending) ->
            val response = pending.join()
            check(response.statusCode() in 200..299) {
                "instance ${member.index} (port ${member.port}) answered $method $path with ${response.statusCode()}: ${response.body().take(200)}"
            }
            response.body()
        }
    }

    companion object {
        private val TIMEOUT: Duration = Duration.ofSeconds(10)
    }
}
