package chatlab.plans

import com.sun.net.httpserver.HttpServer
import groovy.lang.Binding
import groovy.lang.GroovyShell
import org.apache.jmeter.samplers.SampleResult
import org.apache.jmeter.threads.JMeterContextService
import org.apache.jmeter.threads.openmodel.OpenModelThreadGroup
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import tools.jackson.databind.ObjectMapper
import java.net.InetSocketAddress
import java.nio.file.Path
import java.util.Properties
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.CountDownLatch
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.atomic.AtomicReference

/**
 * The fan-out plan's audit (`scripts/fanout-leave.groovy`) on JMeter's Groovy, against a room served the way the server
 * serves its history (newest first, pages of 100 with a cursor): it must fail on every way a fan-out can go wrong.
 */
class FanoutAuditScriptTest {
    private val room = 80L
    private val tag = "t1"
    private val server = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 0)
    private val json = ObjectMapper()

    /** JMeter's properties: what the script keeps from one audit to the next (the send-path stages counted so far). */
    private val props = Properties()

    /** How many times the server's send-path stages were read: each reading adds one step's worth to the totals. */
    private val stageReads = AtomicInteger()

    /** What JMeter hands the script: its variables and its sample. */
    class Vars(private val values: MutableMap<String, Any?>, private val iteration: Int = 1) {
        fun get(name: String): String? = values[name] as String?
        fun getIteration(): Int = iteration
        fun put(name: String, value: String?) { values[name] = value }
        fun getObject(name: String): Any? = values[name]
        fun putObject(name: String, value: Any?) { values[name] = value }
    }

    class Result {
        var label = ""
        var ignored = false
        var passed = true
        var code = ""
        var message = ""
        fun setSampleLabel(value: String) { label = value }
        fun setIgnore() { ignored = true }
        fun setSuccessful(value: Boolean) { passed = value }
        fun setResponseCode(value: String) { code = value }
        fun setResponseMessage(value: String) { message = value }
        fun setResponseData(@Suppress("UNUSED_PARAMETER") data: String, @Suppress("UNUSED_PARAMETER") encoding: String) {}
    }

    private fun message(id: Long, roomId: Long = room, clientMessageId: String = "fanout-$tag-$id", sentAt: String = "2026-01-01T00:00:0${id % 10}Z") =
        mapOf("id" to id, "roomId" to roomId, "senderId" to 1, "type" to "TALK", "content" to "fanout 1", "sentAt" to sentAt, "clientMessageId" to clientMessageId)

    /** The step's acknowledged messages, as its senders add to them (also while the audit runs). */
    private val sent = ConcurrentLinkedQueue<String>()

    /** Serves [stored] (oldest first, as sent) newest first, after one message of an earlier step; [onRead] runs at each page. */
    private fun serve(stored: List<Map<String, Any>>, stages: Boolean = true, onRead: () -> Unit = {}) {
        if (stages) server.createContext("/api/v1/lab/send-stages") { exchange ->
            val n = stageReads.incrementAndGet()
            val lab = exchange.requestHeaders.getFirst("Authorization").orEmpty().substringAfter("Bearer ").split('.').getOrNull(1)
                ?.let { String(java.util.Base64.getUrlDecoder().decode(it)) }.orEmpty()
            val totals = mapOf("store" to mapOf("count" to 3 * n, "totalMs" to 6.0 * n), "broker" to mapOf("count" to 9 * n, "totalMs" to 13.5 * n),
                "outbound" to mapOf("count" to 9 * n, "totalMs" to 4.5 * n))
            val body = json.writeValueAsBytes(mapOf("stages" to totals, "cpuSeconds" to mapOf("server" to 1.0 + 0.0009 * n, "backends" to 1.0 + 0.0001 * n,
                "deployments" to mapOf("relay-2" to 0.5 + 0.0006 * n))))
            exchange.sendResponseHeaders(if ("\"scope\":\"lab\"" in lab) 200 else 403, body.size.toLong())
            exchange.responseBody.use { it.write(body) }
        }
        val newestFirst = stored.reversed() + message(0, clientMessageId = "fanout-earlier-0")
        server.createContext("/api/v1/chat-rooms/$room/messages") { exchange ->
            onRead()
            val from = exchange.requestURI.query.split('&').firstOrNull { it.startsWith("cursor=") }?.substringAfter('=')?.toInt() ?: 0
            val page = newestFirst.drop(from).take(2)
            val body = json.writeValueAsBytes(mapOf("store" to "mysql", "size" to 2, "messages" to page, "nextCursor" to if (from + 2 < newestFirst.size) "${from + 2}" else null))
            exchange.sendResponseHeaders(200, body.size.toLong())
            exchange.responseBody.use { it.write(body) }
        }
        server.start()
    }

    @AfterEach
    fun stop() = server.stop(0)

    /** What a member keeps of a MESSAGE it read (scripts/fanout-delivery.groovy). */
    private fun delivery(message: Map<String, Any>) =
        mapOf("id" to message["id"], "sentAt" to message["sentAt"], "room" to message["roomId"], "clientMessageId" to message["clientMessageId"])

    /** Every member but the last has left; the last one's leaving runs the audit. [received]: the messages each member read. */
    private fun audit(
        sent: List<String>,
        messages: List<List<Map<String, Any>>>,
        group: OpenModelThreadGroup? = null,
        sending: Int = 0,
        cpuAtStart: Map<String, Any>? = null,
        path: String = "3 members",
        offered: Int = sent.size,
        holding: Int = 0,
    ): Result {
        val received = messages.map { it.map(::delivery) }
        val state = mapOf(
            "room" to room, "tag" to tag, "members" to received.size, "sent" to this.sent.apply { addAll(sent) },
            "received" to ConcurrentHashMap<Int, Any>(received.dropLast(1).withIndex().associate { it.index to it.value }),
            "left" to AtomicInteger(1), "sending" to AtomicInteger(sending), "cpuAtStart" to AtomicReference(cpuAtStart),
            "senders" to 4, "holding" to AtomicInteger(holding), "offered" to AtomicInteger(offered), "carried" to AtomicInteger(sent.size),
        )
        val vars = Vars(mutableMapOf(
            "host" to "127.0.0.1", "port" to server.address.port.toString(), "fanoutStore" to "mysql", "token" to "t", "path" to path,
            "scripts" to "src/test/jmeter/scripts", "jwtSecret" to "secret",
            "shape" to "capacity@30", "member" to (received.size - 1).toString(), "fanout" to state, "received" to received.last(),
        ))
        return run(vars, group)
    }

    private fun run(vars: Vars, group: OpenModelThreadGroup? = null): Result {
        val result = Result()
        GroovyShell(Binding().apply {
            setVariable("vars", vars); setVariable("SampleResult", result); setVariable("props", props)
            if (group != null) setVariable("ctx", JMeterContextService.getContext().apply { threadGroup = group })
        })
            .evaluate(Path.of("src/test/jmeter/scripts/fanout-leave.groovy").toFile())
        return result
    }

    private val three = (1L..3L).map { message(it) }
    private val sentThree = three.map { it["clientMessageId"] as String }

    @Test
    fun `the audit holds when every member received every stored message once, in store order`() {
        serve(three)
        val result = audit(sentThree, List(3) { three })
        assertThat(result.passed).describedAs(result.message).isTrue()
        assertThat(result.label).isEqualTo("audit [3 members] capacity@30")
        assertThat(result.message).isEqualTo("held: 3 messages stored (3 acknowledged), 9 deliveries to 3 members, each once, placed as in history; " +
            "0 of 3 members received them in another order than history's; server stages, mean: not counted before this step; " +
            "server CPU per delivery: not read at the step's start")
    }

    @Test
    fun `the audit gives the server's send-path stages since the previous audit, as a mean per stage, read with a lab token`() {
        serve(three)
        audit(sentThree, List(3) { three })
        val second = audit(sentThree, List(3) { three })
        assertThat(second.passed).describedAs(second.message).isTrue()
        assertThat(second.message).contains("; server stages, mean: store 2.000 ms × 3, broker 1.500 ms × 9, outbound 0.500 ms × 9;")
        assertThat(stageReads.get()).isEqualTo(2)
    }

    @Test
    fun `an audit whose stages cannot be read still holds, and says so`() {
        serve(three, stages = false)
        val result = audit(sentThree, List(3) { three })
        assertThat(result.passed).describedAs(result.message).isTrue()
        assertThat(result.message).contains("; server stages, mean: unavailable (answered 404: ")
            .endsWith("; server CPU per delivery: not read at the step's start")
    }

    @Test
    fun `the audit gives the CPU the server and its backends used per delivery since the last subscription`() {
        serve(three)
        val result = audit(sentThree, List(3) { three }, cpuAtStart = mapOf("server" to 1.0, "backends" to 1.0))
        assertThat(result.passed).describedAs(result.message).isTrue()
        assertThat(result.message).endsWith("; server CPU per delivery: 111.1 µs (server 100.0; MariaDB + Redis 11.1) over 9 deliveries")
        val deployment = audit(sentThree, List(3) { three }, path = "3 members on relay-2",
            cpuAtStart = mapOf("server" to 1.0 + 0.0009, "backends" to 1.0 + 0.0001, "deployments" to mapOf("relay-2" to 0.5 + 0.0006)))
        assertThat(deployment.message).describedAs("the step's deployment's own instances, apart from the rest of the fleet")
            .endsWith("; server CPU per delivery: 111.1 µs (server 100.0, of it relay-2 66.7; MariaDB + Redis 11.1) over 9 deliveries")
        val failed = audit(sentThree, List(3) { three }, cpuAtStart = mapOf("failed" to "answered 503"))
        assertThat(failed.message).endsWith("; server CPU per delivery: unavailable (answered 503)")
    }

    @Test
    fun `the last member to subscribe reads the server's CPU once, before the senders may start`() {
        serve(three)
        val members = 3
        val state = mapOf(
            "subscribed" to CountDownLatch(members), "subscribing" to AtomicInteger(members), "cpuAtStart" to AtomicReference<Any?>(),
        )
        fun subscribed(answer: String) {
            val vars = Vars(mutableMapOf("host" to "127.0.0.1", "port" to server.address.port.toString(), "scripts" to "src/test/jmeter/scripts",
                "jwtSecret" to "secret", "fanout" to state))
            val prev = SampleResult().apply { isSuccessful = true; setResponseData(answer, "UTF-8") }
            GroovyShell(Binding().apply { setVariable("vars", vars); setVariable("props", props); setVariable("prev", prev) })
                .evaluate(Path.of("src/test/jmeter/scripts/fanout-subscribed.groovy").toFile())
        }
        subscribed("RECEIPT\nreceipt-id:1")
        subscribed("ERROR\nmessage:no")
        subscribed("RECEIPT\nreceipt-id:2")
        assertThat((state["subscribed"] as CountDownLatch).count).describedAs("a refused SUBSCRIBE does not count").isEqualTo(1)
        assertThat((state["cpuAtStart"] as AtomicReference<*>).get()).isNull()
        assertThat(stageReads.get()).isZero()
        subscribed("RECEIPT\nreceipt-id:3")
        assertThat((state["subscribed"] as CountDownLatch).count).isZero()
        assertThat(((state["cpuAtStart"] as AtomicReference<*>).get() as Map<*, *>)["server"].toString()).isEqualTo("1.0009")
        assertThat(stageReads.get()).isEqualTo(1)
    }

    /** A fan-out step's group as JMeter runs it: its thread pool, which the run awaits before the next step. */
    private fun runningGroup(pool: ExecutorService) = OpenModelThreadGroup().also { group ->
        OpenModelThreadGroup::class.java.getDeclaredField("executorService").apply { isAccessible = true }.set(group, pool)
    }

    @Test
    fun `a held step ends its group at once, an overloaded one keeps the tail of its schedule`() {
        serve(three)
        val held = Executors.newCachedThreadPool()
        assertThat(audit(sentThree, List(3) { three }, runningGroup(held)).passed).isTrue()
        assertThat(held.isShutdown).describedAs("every delivery in, nobody sending: the step is over").isTrue()
        val dropped = Executors.newCachedThreadPool()
        assertThat(audit(sentThree, listOf(three, three, three - three[1]), runningGroup(dropped)).passed).isFalse()
        assertThat(dropped.isShutdown).describedAs("a delivery missing: the server may still be working").isFalse()
        val waiting = Executors.newCachedThreadPool()
        assertThat(audit(sentThree, List(3) { three }, runningGroup(waiting), sending = 1).passed).isTrue()
        assertThat(waiting.isShutdown).describedAs("a sender still waiting for its RECEIPT").isFalse()
        listOf(dropped, waiting).forEach { it.shutdown() }
        JMeterContextService.getContext().clear()
    }

    @Test
    fun `the audit fails when one delivery is dropped`() {
        serve(three)
        val result = audit(sentThree, listOf(three, three, three - three[1]))
        assertThat(result.passed).isFalse()
        assertThat(result.message).startsWith("TIMED OUT: 1 deliveries missing")
        assertThat(result.code).describedAs("a delivery not in time is reported as unanswered").isEqualTo("java.net.SocketTimeoutException")
    }

    @Test
    fun `messages of different senders may arrive in another order, placed as in history, and the audit counts it`() {
        serve(three)
        val result = audit(sentThree, listOf(three, listOf(three[1], three[0], three[2]), three))
        assertThat(result.passed).describedAs(result.message).isTrue()
        assertThat(result.message).contains("1 of 3 members received them in another order than history's;")
    }

    @Test
    fun `the audit fails when a delivery carries another place than history gives it`() {
        serve(three)
        val result = audit(sentThree, listOf(three, three, listOf(three[0], message(2, sentAt = "2026-01-01T00:00:09Z"), three[2])))
        assertThat(result.passed).isFalse()
        assertThat(result.message).startsWith("BROKEN: 1 deliveries carried another place (sentAt) than history gives them")
    }

    @Test
    fun `the audit fails on a delivery twice, or one of another room`() {
        serve(three)
        val result = audit(sentThree, listOf(three + three[2], three + message(9, roomId = 79), three))
        assertThat(result.passed).isFalse()
        assertThat(result.message).contains("1 deliveries received twice").contains("1 deliveries of messages this step did not send, or of another room")
        assertThat(result.code).isEqualTo("409")
    }

    @Test
    fun `the audit fails when a message offered found no sender once every sender had left, not while one still carries`() {
        serve(three)
        val left = audit(sentThree, List(3) { three }, offered = 5)
        assertThat(left.passed).isFalse()
        assertThat(left.message).contains("2 of 5 messages offered found no sender to carry them")
        sent.clear()
        val carrying = audit(sentThree, List(3) { three }, offered = 5, holding = 1)
        assertThat(carrying.passed).describedAs(carrying.message).isTrue()
    }

    @Test
    fun `the audit fails when a message sent was not stored, or stored twice`() {
        serve(three + message(4, clientMessageId = sentThree[0]))
        val result = audit(sentThree + "fanout-$tag-5", List(3) { three + message(4, clientMessageId = sentThree[0]) })
        assertThat(result.passed).isFalse()
        assertThat(result.message).contains("1 messages stored more than once").contains("1 of 4 messages acknowledged were not stored")
    }

    @Test
    fun `a message acknowledged while the audit reads the room back is not expected of it, for it may be stored after the read`() {
        serve(three, onRead = { sent.add("fanout-$tag-4") })
        val result = audit(sentThree, List(3) { three })
        assertThat(result.passed).describedAs(result.message).isTrue()
        assertThat(result.message).startsWith("held: 3 messages stored (3 acknowledged), 9 deliveries")
    }

    @Test
    fun `a member that is not the last out only hands over what it received`() {
        serve(three)
        val state = mapOf("left" to AtomicInteger(2), "received" to ConcurrentHashMap<Int, Any>())
        val vars = Vars(mutableMapOf("path" to "3 members", "shape" to "capacity@30", "member" to "0", "fanout" to state, "received" to three))
        val result = run(vars)
        assertThat(result.ignored).isTrue()
        assertThat((state["received"] as Map<*, *>)[0]).isEqualTo(three)
    }
}
