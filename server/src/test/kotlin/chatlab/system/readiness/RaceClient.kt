package chatlab.system.readiness

import chatlab.auth.JwtProperties
import chatlab.auth.JwtTokens
import com.nimbusds.jose.jwk.source.ImmutableSecret
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder
import tools.jackson.databind.ObjectMapper
import java.io.IOException
import java.net.URI
import java.net.URLEncoder
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.time.Duration

/** HTTP calls to a server that may not be listening yet: null while the port is closed. */
class RaceClient(private val port: Int, secret: String) {
    private val http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()
    private val properties = JwtProperties(secret)
    private val tokens = JwtTokens(NimbusJwtEncoder(ImmutableSecret(properties.key())), properties)
    val json = ObjectMapper()

    fun token(user: Long, scope: String? = null): String = tokens.mint(user, scope = scope)

    data class Answer(val status: Int, val retryAfter: String?, val body: Map<*, *>)

    fun get(path: String, user: Long? = null, scope: String? = null): Answer? = send(HttpRequest.newBuilder(uri(path)).GET(), user, scope)

    fun put(path: String, user: Long, scope: String? = null): Answer? = send(HttpRequest.newBuilder(uri(path)).PUT(HttpRequest.BodyPublishers.noBody()), user, scope)

    fun delete(path: String, user: Long, scope: String? = null): Answer? = send(HttpRequest.newBuilder(uri(path)).DELETE(), user, scope)

    fun post(path: String, user: Long): Answer? = send(HttpRequest.newBuilder(uri(path)).POST(HttpRequest.BodyPublishers.noBody()), user)

    /** Every message of a room through [store], newest first, by following `nextCursor` to the end. */
    fun walk(room: Long, store: String, user: Long): List<Long> {
        val ids = mutableListOf<Long>()
        var cursor: String? = null
        do {
            val query = "store=$store&size=100" + (cursor?.let { "&cursor=" + URLEncoder.encode(it, Charsets.UTF_8) } ?: "")
            val page = get("/api/v1/chat-rooms/$room/messages?$query", user)!!
            check(page.status == 200) { "walk of room $room on $store: ${page.status} ${page.body}" }
            ids += (page.body["messages"] as List<*>).map { ((it as Map<*, *>)["id"] as Number).toLong() }
            cursor = page.body["nextCursor"] as String?
        } while (cursor != null)
        return ids
    }

    private fun uri(path: String) = URI.create("http://127.0.0.1:$port$path")

    private fun send(request: HttpRequest.Builder, user: Long?, scope: String? = null): Answer? {
        user?.let { request.header("Authorization", "Bearer ${token(it, scope)}") }
        val response = try {
            http.send(request.timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString())
        } catch (notListening: IOException) {
            return null
        }
        val body = response.body().takeIf { it.startsWith("{") }?.let { json.readValue(it, Map::class.java) } ?: mapOf("raw" to response.body())
        return Answer(response.statusCode(), response.headers().firstValue("Retry-After").orElse(null), body)
    }
}
