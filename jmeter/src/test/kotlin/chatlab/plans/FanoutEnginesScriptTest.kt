package chatlab.plans

import groovy.lang.Binding
import groovy.lang.Closure
import groovy.lang.GroovyShell
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.util.Base64
import java.util.Properties
import java.util.concurrent.CountDownLatch
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.atomic.AtomicLong

/**
 * The fan-out plan's load split over two JMeter engines (`scripts/engines.groovy`, `open-model-schedules.groovy`,
 * `fanout-steps.groovy`, `fanout-arrival.groovy`), each engine a script of its own on its own thread, as on its own
 * engine, meeting at a place that stands in for the server's rendezvous ([PlanEngine], [MeetingPlace]).
 */
class FanoutEnginesScriptTest {
    private val scripts = planScripts

    /** The fan-out plan's variables (a room of 500 in slot 1). */
    private val fanout = mapOf(
        "measured" to "delivery", "fanoutRates" to "125,250,500,1000,2000,4000", "fanoutSlo" to "100", "stepSeconds" to "4", "refineSteps" to "2",
        "warmupSeconds" to "1", "openTimeout" to "1000", "fanoutMembers" to "500", "fanoutRooms" to "78", "fanoutJoinRate" to "200",
        "fanoutSettle" to "1000", "fanoutLostAfter" to "2000", "fanoutWarmUpSeconds" to "8", "fanoutFirstWarmUpSeconds" to "40",
        "fanoutWarmUpRate" to "0", "fanoutMinMessages" to "8", "fanoutSlots" to "12", "fanoutSenders" to "4",
    )

    /** Two engines of the fan-out plan, each built and climbing on its own thread. */
    private fun <T> onTwoEngines(dirs: List<Path>, run: (PlanEngine) -> T): List<T> = PlanEngine.on(dirs, fanout, run = run)

    @Test
    fun `two engines climb one ladder on both engines' deliveries, each offering half of every rate`(@TempDir dir: Path) {
        // The first engine's deliveries hold at every rate; the second's miss from 1,000 deliveries/s: their p95 together misses.
        val climbs = onTwoEngines(listOf(dir, dir)) { engine ->
            engine.index to engine.climb("fanout", "1") { rate -> if (engine.index == 1 && rate >= 1000) 300.0 else 20.0 }
        }.toMap()
        assertThat(climbs.keys).containsExactlyInAnyOrder(0, 1)
        val rates = climbs.mapValues { (_, steps) -> steps.map { it.first } }
        assertThat(rates[0]).describedAs("the first engine, whose own deliveries always held").containsExactly(125.0, 250.0, 500.0, 1000.0, 707.0, 841.0)
        assertThat(rates[1]).isEqualTo(rates[0])
        val first = climbs.getValue(0).first().second
        assertThat(first).describedAs("4 senders and 250 of 500 members join in 2.54 s; 125 deliveries/s to 500 members are 0.25 sends/s, 0.125 per engine")
            .contains("rate(100/s) even_arrivals(2.54000000").contains("rate(0.125/s) random_arrivals(")
        assertThat(Files.readAllLines(dir.resolve("ladders.csv"))).describedAs("kept once, by the first engine")
            .containsExactlyInAnyOrder("delivery [500 members],841", "delivery [500 members] floor,20.45")
    }

    @Test
    fun `engines that meet after different steps run no further step, and the plan's tearDown fails saying why`(@TempDir dir: Path) {
        val earlier = Files.createDirectories(dir.resolve("earlier"))
        Files.writeString(earlier.resolve("ladders.csv"), "delivery [500 members],1000\n")
        val engines = onTwoEngines(listOf(Files.createDirectories(dir.resolve("fresh")), earlier)) { engine -> engine.climb("fanout", "1") { 20.0 } to engine.props }
        assertThat(engines.map { (steps, _) -> steps.map { it.first } }).describedAs("each ran its own first step, then none")
            .containsExactlyInAnyOrder(listOf(125.0), listOf(841.0))
        for ((_, props) in engines) {
            val result = FanoutAuditScriptTest.Result()
            GroovyShell(Binding().apply { setVariable("props", props); setVariable("SampleResult", result) })
                .evaluate(scripts.resolve("engines-met.groovy").toFile())
            assertThat(result.passed).isFalse()
            assertThat(result.message).contains("after different steps").contains("500 members capacity@125").contains("500 members capacity@841")
        }
        val met = FanoutAuditScriptTest.Result()
        GroovyShell(Binding().apply { setVariable("props", Properties()); setVariable("SampleResult", met) }).evaluate(scripts.resolve("engines-met.groovy").toFile())
        assertThat(met.ignored).describedAs("engines that met at every step leave no sample").isTrue()
    }

    /**
     * The arrival times (s) JMeter's own open model draws from [schedule] (its parser and generator are Kotlin-internal to
     * JMeter, so Groovy, as in the plan, calls them).
     */
    @Suppress("UNCHECKED_CAST")
    private fun arrivalTimes(schedule: String): List<Double> = GroovyShell(Binding().apply { setVariable("schedule", schedule) }).evaluate(
        "def g = new org.apache.jmeter.threads.openmodel.ThreadScheduleProcessGenerator(new Random(1), " +
            "new org.apache.jmeter.threads.openmodel.ScheduleParser(schedule).parse()); def t = []; while (g.hasNext()) t << g.nextDouble(); t",
    ) as List<Double>

    @Test
    fun `JMeter's own open model brings each engine its senders and exactly its share of a room's members before the messages`(@TempDir dir: Path) {
        val vars = FanoutAuditScriptTest.Vars(mutableMapOf(
            "fanoutMembers" to "10", "fanoutRooms" to "80", "fanoutJoinRate" to "200", "fanoutSettle" to "1000", "fanoutLostAfter" to "2000", "fanoutSenders" to "4",
            "openTimeout" to "1000", "fanoutWarmUpSeconds" to "8", "fanoutFirstWarmUpSeconds" to "40", "fanoutWarmUpRate" to "0",
            "fanoutMinMessages" to "8", "infoFile" to dir.resolve("none.json").toString(), "port" to "8080", "fanoutSlots" to "12",
        ))
        val steps = GroovyShell(Binding().apply { setVariable("vars", vars) }).evaluate(scripts.resolve("fanout-steps.groovy").toFile()) as Map<*, *>
        for (members in listOf(3, 5, 10, 99, 100, 500)) for (engines in 1..3) {
            val shares = (0 until engines).map { index ->
                val step = (steps["step"] as Closure<*>).call("$members members", 80L, listOf("8080"), 125.0, 4.0, 0L, 0L,
                    mapOf("count" to engines, "index" to index, "tag" to "t")) as Map<*, *>
                val mine = ((step["extra"] as Map<*, *>)["fanout"] as Map<*, *>)["members"] as Int
                val joinEnds = members / 200.0 + 4 * members / (200.0 * mine)
                val joined = arrivalTimes(step["arrivals"] as String).count { it <= joinEnds + 1e-9 }
                assertThat(joined).describedAs("$members members, engine $index of $engines: ${step["arrivals"]}").isEqualTo(4 + mine)
                mine
            }
            assertThat(shares.sum()).describedAs("$members members over $engines engines").isEqualTo(members)
        }
    }

    @Test
    fun `an engine's senders and members are every second user from its own, and its messages' ids are its own`() {
        val state = mapOf("room" to 78L, "members" to 3, "senders" to 2, "engines" to 2, "engine" to 1, "ports" to listOf("8080"), "tag" to "t1",
            "arrivals" to AtomicInteger(), "sending" to AtomicInteger(), "holding" to AtomicInteger(), "subscribed" to CountDownLatch(3),
            "outbox" to java.util.ArrayDeque<Long>(), "offered" to AtomicInteger(), "carried" to AtomicInteger(), "queued" to AtomicLong(),
            "lostAt" to System.currentTimeMillis() + 5_000, "sendEndsAt" to System.currentTimeMillis() + 5_000)
        val props = Properties().apply { this["chatlab.current"] = mapOf("fanout" to state, "path" to "5 members", "label" to "capacity@10") }
        val arrivals = (1..7).map {
            val values = mutableMapOf<String, Any?>("scripts" to scripts.toString(), "jwtSecret" to "s")
            GroovyShell(Binding().apply {
                setVariable("vars", FanoutAuditScriptTest.Vars(values))
                setVariable("props", props)
                setVariable("SampleResult", FanoutLadderScriptTest.Result())
            }).evaluate(scripts.resolve("fanout-arrival.groovy").toFile())
            values
        }
        fun user(token: Any?) = Regex(""""sub":"(\d+)"""").find(String(Base64.getUrlDecoder().decode((token as String).split('.')[1])))!!.groupValues[1].toInt()
        assertThat(arrivals.map { it["role"] }).containsExactly("sender", "sender", "member", "member", "member", "message", "message")
        assertThat(arrivals.take(5).map { user(it["token"]) }).describedAs("senders among the room's users 2, 4, 6, then the members")
            .containsExactly(2, 4, 2, 4, 6)
        assertThat(arrivals.drop(5).map { it["token"] }).describedAs("a message is no client: it needs no token").containsOnlyNulls()
        assertThat(state["offered"].toString()).describedAs("both messages handed to the senders").isEqualTo("2")
        val carried = (1..2).map {
            val values = mutableMapOf<String, Any?>("fanout" to state)
            GroovyShell(Binding().apply {
                setVariable("vars", FanoutAuditScriptTest.Vars(values))
                setVariable("SampleResult", FanoutLadderScriptTest.Result())
            }).evaluate(scripts.resolve("fanout-carry.groovy").toFile())
            values["clientMessageId"]
        }
        assertThat(carried).describedAs("messages taken × engines + engine: the other engine's are even").containsExactly("fanout-t1-1", "fanout-t1-3")
    }
}
