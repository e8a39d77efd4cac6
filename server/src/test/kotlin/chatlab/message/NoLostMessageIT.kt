package chatlab.message

import chatlab.IntegrationTest
import chatlab.TestRooms
import chatlab.auth.JwtTokens
import chatlab.system.error.ApiError
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.resttestclient.TestRestTemplate
import org.springframework.boot.test.web.server.LocalServerPort
import org.springframework.http.HttpEntity
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpMethod
import java.util.UUID
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/**
 * N clients send M messages each, concurrently, to one room in every store (MySQL, MongoDB, both SQLite files), and retry some with the same
 * clientMessageId. Reconciled afterwards: every acknowledged (broadcast) message is stored exactly once and appears
 * exactly once on every read path of its store, and every subscriber received all of them.
 */
@IntegrationTest
class NoLostMessageIT(
    @LocalServerPort private val port: Int,
    @Autowired private val tokens: JwtTokens,
    @Autowired private val rest: TestRestTemplate,
) {
    private val room = TestRooms.CACHE_WRITES.last // load users 1..5 are members of every open room
    private val users = 1L..5L
    private val perClient = 30
    private val run = UUID.randomUUID().toString().take(8)

    @Test
    fun `every acknowledged message is stored once, read once on every path, and delivered to everyone`() {
        val clients = users.map { user ->
            val stomp = StompClient(port)
            val session = stomp.connect(tokens.mint(user))!!
            Triple(user, stomp, session)
        }
        val inboxes = clients.associate { (user, stomp, session) -> user to stomp.subscribe(session, "/topic/chat-rooms.$room", ChatMessageDto::class.java) }
        val errorQueues = clients.associate { (user, stomp, session) -> user to stomp.subscribe(session, "/user/queue/errors", ApiError::class.java) }

        val pool = Executors.newFixedThreadPool(clients.size)
        val sent = clients.map { (user, stomp, session) ->
            pool.submit<List<Pair<String, String>>> {
                (1..perClient).map { n ->
                    val store = STORES[n % STORES.size]
                    val id = "nolost-$run-$user-$n"
                    stomp.send(session, room, mapOf("content" to "message $n from $user", "clientMessageId" to id), store)
                    if (n % 10 == 0) stomp.send(session, room, mapOf("content" to "message $n from $user", "clientMessageId" to id), store) // a retry
                    id to store
                }
            }
        }.flatMap { it.get(60, TimeUnit.SECONDS) }.toMap()
        pool.shutdown()

        // Acknowledged = the broadcast of it arrived. Every subscriber must see every message (retries may repeat one).
        val delivered = inboxes.mapValues { (_, inbox) ->
            val ids = mutableListOf<ChatMessageDto>()
            while (ids.map { it.clientMessageId }.toSet().count { it in sent } < sent.size) {
                ids += inbox.poll(10, TimeUnit.SECONDS) ?: break
            }
            ids.filter { it.clientMessageId in sent }
        }
        errorQueues.forEach { (user, errors) -> assertThat(errors).describedAs("errors of user $user").isEmpty() }
        delivered.forEach { (user, messages) ->
            assertThat(messages.map { it.clientMessageId }.toSet()).describedAs("delivered to user $user").isEqualTo(sent.keys)
            messages.groupBy { it.clientMessageId }.forEach { (id, copies) ->
                assertThat(copies.map { it.id }.toSet()).describedAs("one stored id for $id").hasSize(1)
            }
        }
        val acknowledged = delivered.values.first().associate { it.clientMessageId to it.id }

        val paths = mapOf(
            "mysql" to listOf("mysql", "mysql-offset"), "mongo" to listOf("mongo", "mongo-offset", "mongo-redis"),
            "sqlite" to listOf("sqlite", "sqlite-offset"), "sqlite-tuned" to listOf("sqlite-tuned", "sqlite-tuned-offset"),
        )
        for ((store, readPaths) in paths) {
            val expected = acknowledged.filterKeys { sent[it] == store }
            for (path in readPaths) {
                val read = history(path).filter { it["clientMessageId"].toString().startsWith("nolost-$run-") }
                assertThat(read.map { it["clientMessageId"] }).describedAs(path).doesNotHaveDuplicates()
                assertThat(read.associate { it["clientMessageId"] to (it["id"] as Number).toLong() }).describedAs(path).isEqualTo(expected)
            }
        }
    }

    /** The room's whole history through one read path: keyset by cursor, or offset page by page. */
    private fun history(path: String): List<Map<*, *>> {
        val headers = HttpHeaders().apply { setBearerAuth(tokens.mint(1)) }
        fun get(query: String) = rest.exchange("/api/v1/chat-rooms/$room/messages?$query", HttpMethod.GET, HttpEntity<Unit>(headers), Map::class.java).body!!
        val all = mutableListOf<Map<*, *>>()
        if (path.endsWith("-offset")) {
            val store = path.removeSuffix("-offset")
            var page = 0
            do {
                val messages = get("store=$store&size=100&page=${page++}")["messages"] as List<*>
                all += messages.map { it as Map<*, *> }
            } while (messages.isNotEmpty())
        } else {
            var cursor: String? = null
            do {
                val body = get("store=$path&size=100" + (cursor?.let { "&cursor=$it" } ?: ""))
                all += (body["messages"] as List<*>).map { it as Map<*, *> }
                cursor = body["nextCursor"] as String?
            } while (cursor != null)
        }
        return all
    }

    private companion object {
        val STORES = listOf("mysql", "mongo", "sqlite", "sqlite-tuned")
    }
}
