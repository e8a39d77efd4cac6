package chatlab.system.readiness

import chatlab.ChatlabApplication
import chatlab.message.RawStomp
import chatlab.system.fleet.FreePort
import org.assertj.core.api.Assertions.assertThat
import org.awaitility.kotlin.await
import org.junit.jupiter.api.Test
import org.slf4j.LoggerFactory
import org.springframework.boot.builder.SpringApplicationBuilder
import org.springframework.context.ConfigurableApplicationContext
import java.time.Duration
import java.util.UUID
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicBoolean
import kotlin.concurrent.thread
import kotlin.random.Random

/**
 * Clients that read and send while a server starts and seeds (its own context and embedded stack, a seed big enough
 * to take seconds) get a clear "not ready" or a correct answer; after ready every read path agrees on whole rooms
 * and every SEND is stored once.
 */
class StartupRaceIT {
    private val port = FreePort.find()
    private val client = RaceClient(port, SECRET)
    private val ready = AtomicBoolean(false)
    private val stop = AtomicBoolean(false)

    private data class Read(val room: Long, val store: String, val lastSentAt: String, val answer: RaceClient.Answer, val afterReady: Boolean)
    private data class Sent(val room: Long, val store: String, val id: Long, val afterReady: Boolean)

    private val reads = ConcurrentLinkedQueue<Read>()
    private val connects = ConcurrentLinkedQueue<String>()
    private val sent = ConcurrentLinkedQueue<Sent>()
    private val refusedSends = ConcurrentLinkedQueue<String>()
    private val probes = ConcurrentLinkedQueue<Int>()

    @Test
    fun `clients racing the start-up get 503 or a correct answer, and after ready every path agrees and every SEND is stored`() {
        val server = CompletableFuture.supplyAsync {
            SpringApplicationBuilder(ChatlabApplication::class.java).profiles("it").run(
                "--server.port=$port", "--chatlab.jwt.secret=$SECRET", "--chatlab.seed.messages=$MESSAGES", "--chatlab.seed.batch-size=2000",
            )
        }
        val racers = (1..3).map { n -> thread(name = "reader-$n") { readLoop(Random(n)) } } +
            thread(name = "sender") { sendLoop() } + thread(name = "probe") { probeLoop() }
        var context: ConfigurableApplicationContext? = null
        try {
            context = server.get(3, TimeUnit.MINUTES)
            assertThat(context.beanFactory.containsSingleton("redisson"))
                .describedAs("Redisson connected while the server started, though nothing has asked for a seat").isTrue()
            await.atMost(Duration.ofSeconds(30)).untilTrue(ready)
            // Go on racing for a while after ready, so late answers are checked too.
            await.atMost(Duration.ofMinutes(2)).until { reads.count { it.afterReady } >= 60 && sent.count { it.afterReady } >= 10 }
            stop.set(true)
            racers.forEach { it.join(30_000) }
            log.info(
                "Start-up race: {} reads ({} answered 503, {} after ready), {} CONNECTs ({} refused), {} messages sent ({} after ready), probe {}",
                reads.size, reads.count { it.answer.status == 503 }, reads.count { it.afterReady }, connects.size,
                connects.count { it.startsWith("ERROR") }, sent.size, sent.count { it.afterReady }, probes.groupingBy { it }.eachCount(),
            )
            checkEveryPathAgrees()
            checkWhatRacersSaw()
        } finally {
            stop.set(true)
            context?.close()
        }
    }

    /** Wrong answers first; that the not-ready window was met at all (so the test means something) last. */
    private fun checkWhatRacersSaw() {
        assertThat(reads.filter { it.answer.status != 503 }).allSatisfy { assertThat(it.answer.status).describedAs("%s", it).isEqualTo(200) }
        // Every 200, early or late, is the page the finished server gives (sends are newer than the seed range).
        reads.filter { it.answer.status == 200 }.forEach { read ->
            val expected = client.get("/api/v1/chat-rooms/${read.room}/messages?store=mysql&lastSentAt=${read.lastSentAt}", USER)!!
            assertThat(ids(read.answer)).describedAs("%s page of room %d before %s", read.store, read.room, read.lastSentAt)
                .isEqualTo(ids(expected)).isNotEmpty()
        }
        assertThat(refusedSends).describedAs("SUBSCRIBEs or SENDs refused in a connected session").isEmpty()
        val notReady = reads.filter { it.answer.status == 503 }
        notReady.forEach {
            assertThat(it.answer.retryAfter).isEqualTo("2")
            assertThat(it.answer.body["message"].toString()).startsWith("not ready: the server is starting")
        }
        // STOMP escapes ':' in header values as '\c'.
        assertThat(connects.filter { it.startsWith("ERROR") }).allMatch { "not ready\\c the server is starting" in it }
        assertThat(notReady).describedAs("reads that met the not-ready window").isNotEmpty()
        assertThat(connects).describedAs("STOMP CONNECT answers").anyMatch { it.startsWith("ERROR") }.anyMatch { it.startsWith("CONNECTED") }
        assertThat(probes).describedAs("readiness probe answers").contains(503).endsWith(200)
    }

    private fun checkEveryPathAgrees() {
        for (room in OPEN_ROOMS) {
            val mysql = client.walk(room, "mysql", USER)
            val mongo = client.walk(room, "mongo", USER)
            assertThat(client.walk(room, "mongo-redis", USER)).describedAs("room %d, mongo-redis", room).isEqualTo(mongo)
            assertThat(client.walk(room, "mongo-redis", USER)).describedAs("room %d, mongo-redis warm", room).isEqualTo(mongo)
            val sqlite = client.walk(room, "sqlite", USER)
            val sqliteTuned = client.walk(room, "sqlite-tuned", USER)
            val seeded = mysql.filter { it <= MESSAGES }
            assertThat(mongo.filter { it <= MESSAGES }).describedAs("room %d seed", room).isEqualTo(seeded).isNotEmpty()
            assertThat(sqlite.filter { it <= MESSAGES }).describedAs("room %d seed, sqlite", room).isEqualTo(seeded)
            assertThat(sqliteTuned.filter { it <= MESSAGES }).describedAs("room %d seed, sqlite-tuned", room).isEqualTo(seeded)
            val walks = mapOf("mysql" to mysql, "mongo" to mongo, "sqlite" to sqlite, "sqlite-tuned" to sqliteTuned)
            sent.filter { it.room == room }.forEach {
                val walk = walks.getValue(it.store)
                assertThat(walk.count { id -> id == it.id }).describedAs("acknowledged %s", it).isEqualTo(1)
            }
        }
    }

    private fun readLoop(random: Random) {
        while (!stop.get()) {
            val room = OPEN_ROOMS.random(random)
            val store = STORES.random(random)
            val lastSentAt = "2025-02-%02dT%02d:00:00Z".format(random.nextInt(1, 15), random.nextInt(0, 24))
            val afterReady = ready.get()
            val answer = client.get("/api/v1/chat-rooms/$room/messages?store=$store&lastSentAt=$lastSentAt", USER)
            answer?.let { reads += Read(room, store, lastSentAt, it, afterReady) }
            if (answer == null || answer.status == 503) Thread.sleep(10) // pacing while refused, so seeding keeps its CPU
        }
    }

    private fun probeLoop() {
        while (!stop.get() && !ready.get()) {
            val answer = client.get("/actuator/health/readiness")
            if (answer == null) Thread.sleep(20) else probes += answer.status
            if (answer?.status == 200) ready.set(true)
        }
    }

    /** Connects again and again; each connected session subscribes and sends one message, in turn to every store. */
    private fun sendLoop() {
        var n = 0
        while (!stop.get()) {
            val afterReady = ready.get()
            val stomp = runCatching { RawStomp(port) }.getOrNull() ?: run { Thread.sleep(20); null } ?: continue
            try {
                val answer = stomp.connect(client.token(USER)) ?: continue
                connects += answer
                if (!answer.startsWith("CONNECTED")) continue
                val room = OPEN_ROOMS.elementAt(n % OPEN_ROOMS.count())
                val store = SEND_STORES[n++ % SEND_STORES.size]
                val refused = listOf("errors" to "/user/queue/errors", "room" to "/topic/chat-rooms.$room").firstNotNullOfOrNull { (id, destination) ->
                    stomp.frame("SUBSCRIBE", mapOf("id" to id, "destination" to destination, "receipt" to "r-$id"))
                    stomp.next(5).takeUnless { it?.startsWith("RECEIPT") == true }?.let { "SUBSCRIBE $destination: $it" }
                }
                if (refused != null) {
                    refusedSends += refused
                    continue
                }
                val clientMessageId = "race-${UUID.randomUUID()}"
                stomp.frame(
                    "SEND", mapOf("destination" to "/pub/chat-rooms/$room/messages", "content-type" to "application/json", "store" to store),
                    """{"content":"racing the start-up","clientMessageId":"$clientMessageId"}""",
                )
                val frame = stomp.next("MESSAGE", 20) ?: run { refusedSends += "no answer to SEND $clientMessageId"; null } ?: continue
                val body = client.json.readValue(frame.substringAfter("\n\n").trimEnd('\u0000'), Map::class.java)
                if (body["clientMessageId"] == clientMessageId) sent += Sent(room, store, (body["id"] as Number).toLong(), afterReady)
                else refusedSends += body.toString()
            } finally {
                stomp.close()
            }
        }
    }

    private fun ids(answer: RaceClient.Answer) = (answer.body["messages"] as List<*>).map { ((it as Map<*, *>)["id"] as Number).toLong() }

    companion object {
        private val log = LoggerFactory.getLogger(StartupRaceIT::class.java)
        private const val SECRET = "startup-race-test-secret-of-at-least-32-bytes"
        private const val MESSAGES = 24_000
        private const val USER = 1L // a load user: member of every open room (application-it.yml)
        private val OPEN_ROOMS = 1L..4L // of 8 open rooms; fewer to walk at the end
        private val STORES = listOf("mysql", "mongo", "mongo-redis", "sqlite", "sqlite-tuned")
        private val SEND_STORES = listOf("mysql", "mongo", "sqlite", "sqlite-tuned")
    }
}
