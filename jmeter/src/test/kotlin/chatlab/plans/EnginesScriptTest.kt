package chatlab.plans

import com.sun.net.httpserver.HttpServer
import groovy.lang.Binding
import groovy.lang.Closure
import groovy.lang.GroovyShell
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.net.InetSocketAddress
import java.nio.file.Files
import java.nio.file.Path
import java.util.Properties
import java.util.concurrent.atomic.AtomicInteger

/**
 * The history and sends plans' load split over several JMeter engines (`scripts/engines.groovy`,
 * `open-model-schedules.groovy`, `drain.groovy`): each engine a script of its own on its own thread, meeting at an
 * in-memory place ([MeetingPlace]); the server's lab activity answered by a small HTTP server.
 */
class EnginesScriptTest {
    /** The history plan's variables, as the build passes them at full size. */
    private val history = mapOf(
        "measured" to "get chat messages", "capacityRates" to "25,50,100,200,400,800", "slo" to "50", "stepSeconds" to "2",
        "refineSteps" to "3", "warmupSeconds" to "1", "openTimeout" to "1000", "mixRate" to "50", "mixSeconds" to "5",
        "drainTimeout" to "5", "plan" to "history",
    )

    /** The server's `GET /api/v1/lab/activity`: busy for its first [busyAnswers] answers, then idle. */
    private val activityAsked = AtomicInteger()
    private var busyAnswers = 0
    private val server = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 0).apply {
        createContext("/api/v1/lab/activity") { exchange ->
            val idle = activityAsked.incrementAndGet() > busyAnswers
            val body = """{"idle":$idle,"cpuSeconds":{"server":1.5,"backends":0.5},"cores":2,"cpus":"0-1"}""".toByteArray()
            exchange.sendResponseHeaders(200, body.size.toLong())
            exchange.responseBody.use { it.write(body) }
        }
        // The seed restore: answers restoreStatus, noting how many activity questions came before each call.
        createContext("/api/v1/lab/seed/restore") { exchange ->
            restores.add(activityAsked.get())
            val body = (if (restoreStatus == 200) """{"seedMessages":3000,"removed":{"mysql":$removedMysql,"mongo":${removedMysql / 40 * 7},"sqlite":0,"sqlite-tuned":${removedMysql / 40 * 2}},""" +
                """"rooms":[3,4],"messages":{"mysql":3000,"mongo":3000,"sqlite":3000,"sqlite-tuned":3000}}""" else """{"message":"busy"}""").toByteArray()
            exchange.sendResponseHeaders(restoreStatus, body.size.toLong())
            exchange.responseBody.use { it.write(body) }
        }
        start()
    }
    private val restores = java.util.concurrent.CopyOnWriteArrayList<Int>()
    private var restoreStatus = 200
    private var removedMysql = 40

    @AfterEach
    fun stop() = server.stop(0)

    private fun drainVars(unit: String) = mapOf("unit" to unit, "port" to server.address.port.toString())

    @Test
    fun `engines share a closed group's threads, every thread once, none of a path that does not run and none once they failed to meet`(@TempDir dir: Path) {
        val shares = PlanEngine.on(listOf(dir, dir, dir), history) { engine ->
            val threads = engine.props["chatlab.threads"] as Closure<*>
            val shared = listOf(1, 2, 5, 100).map { threads.call("mysql-keyset", "reference", it) as Int } +
                (threads.call("sqlite-keyset", "reference", 100) as Int)
            engine.props["chatlab.enginesFailed"] = "the engines met after different steps"
            engine.index to shared + (threads.call("mysql-keyset", "reference", 100) as Int)
        }.toMap()
        assertThat(shares.keys).containsExactlyInAnyOrder(0, 1, 2)
        assertThat((0..2).map { shares.getValue(it) }).describedAs("1, 2, 5 and 100 threads over three engines; SQLite not selected; after a failed meeting")
            .containsExactly(listOf(1, 1, 2, 34, 0, 0), listOf(0, 1, 2, 33, 0, 0), listOf(0, 0, 1, 33, 0, 0))
    }

    @Test
    fun `every engine seeds its open-model groups with the plan's arrival seed plus its index`(@TempDir dir: Path) {
        val seeds = PlanEngine.on(listOf(dir, dir, dir), history + ("arrivalSeed" to "20250128")) { engine ->
            engine.index to engine.props["chatlab.arrivalSeed"]
        }.toMap()
        assertThat((0..2).map { seeds.getValue(it) }).containsExactly("20250128", "20250129", "20250130")
    }

    @Test
    fun `two engines climb one read ladder on both engines' samples, each offering half of every rate`(@TempDir dir: Path) {
        // The first engine's reads hold at every rate; the second's miss from 400 reads/s: their p95 together misses.
        val climbs = PlanEngine.on(listOf(dir, dir), history) { engine ->
            engine.index to engine.climb("capacity", "mysql-keyset") { rate -> if (engine.index == 1 && rate >= 400) 300.0 else 5.0 }
        }.toMap()
        val rates = climbs.mapValues { (_, steps) -> steps.map { it.first } }
        assertThat(rates[0]).describedAs("every other listed rate while p95 stays under a quarter of the SLO, then bisecting")
            .containsExactly(25.0, 100.0, 400.0, 200.0, 283.0, 336.0)
        assertThat(rates[1]).isEqualTo(rates[0])
        assertThat(climbs.getValue(1).first().second).describedAs("25 reads/s for 2 s, 12.5 from each engine").contains("rate(12.5/s) random_arrivals(2 s)")
        assertThat(Files.readAllLines(dir.resolve("ladders.csv"))).describedAs("kept once, by the first engine")
            .containsExactly("get chat messages [mysql-keyset],336")
    }

    @Test
    fun `engines start a unit together once the server is idle, and the first notes it`(@TempDir dir: Path) {
        busyAnswers = 3
        val place = MeetingPlace()
        val drains = PlanEngine.on(listOf(dir, dir), history + drainVars("reference mysql-keyset"), place) { engine ->
            val sample = FanoutAuditScriptTest.Result()
            engine.props["chatlab.labToken"] = "lab"
            engine.run("drain.groovy", sample)
            sample
        }
        assertThat(drains.map { it.passed }).containsExactly(true, true)
        assertThat(drains.map { it.label }).containsOnly("drain before reference mysql-keyset")
        assertThat(activityAsked.get()).describedAs("the busy answers waited for, then each engine's idle one").isGreaterThanOrEqualTo(5)
        assertThat(place.met).containsExactly("engines", "drain before reference mysql-keyset")
        val units = Files.readAllLines(dir.resolve("units.csv"))
        assertThat(units).hasSize(2)
        assertThat(units[1]).startsWith("history,reference mysql-keyset,")
    }

    @Test
    fun `with restoreSeed the first engine alone takes the stores back to the seed once the server is idle, waits out the deletes, and notes what went`(@TempDir dir: Path) {
        busyAnswers = 2
        val drains = PlanEngine.on(listOf(dir, dir), history + drainVars("reference mysql-keyset") + ("restoreSeed" to "true"), MeetingPlace()) { engine ->
            val sample = FanoutAuditScriptTest.Result()
            engine.props["chatlab.labToken"] = "lab"
            engine.run("drain.groovy", sample)
            sample
        }
        assertThat(drains.map { it.passed }).containsExactly(true, true)
        assertThat(restores).describedAs("one restore, asked once the server answered idle").hasSize(1)
        assertThat(restores.single()).isGreaterThan(busyAnswers)
        assertThat(Files.readAllLines(dir.resolve("units.csv"))[1]).describedAs("removed 49 in all, the largest store 3,000").endsWith(",49,3000")
    }

    @Test
    fun `a restore that removed messages is followed by another wait for an idle server, one that removed none is not`(@TempDir dir: Path) {
        fun drain(removed: Int): Int {
            removedMysql = removed
            restores.clear()
            activityAsked.set(0)
            PlanEngine.on(listOf(dir), history + drainVars("send mysql (reference)") + ("restoreSeed" to "true"), MeetingPlace()) { engine ->
                engine.props["chatlab.labToken"] = "lab"
                engine.run("drain.groovy", FanoutAuditScriptTest.Result())
            }
            assertThat(restores).describedAs("restored once the server answered idle").containsExactly(1)
            return activityAsked.get()
        }
        assertThat(drain(40)).describedAs("asked again after 49 were removed").isEqualTo(2)
        assertThat(drain(0)).describedAs("nothing removed in any store: no second question").isEqualTo(1)
    }

    @Test
    fun `a restore the server refuses fails the drain, naming it, and no unit starts on a grown store unseen`(@TempDir dir: Path) {
        restoreStatus = 503
        val drain = PlanEngine.on(listOf(dir), history + drainVars("send mysql (reference)") + ("restoreSeed" to "true"), MeetingPlace()) { engine ->
            val sample = FanoutAuditScriptTest.Result()
            engine.props["chatlab.labToken"] = "lab"
            engine.run("drain.groovy", sample)
            sample
        }.single()
        assertThat(drain.passed).isFalse()
        assertThat(drain.message).contains("could not be taken back to the seed before send mysql (reference)").contains("503")
        assertThat(dir.resolve("units.csv")).doesNotExist()
    }

    @Test
    fun `without restoreSeed a drain restores nothing and leaves the columns empty`(@TempDir dir: Path) {
        PlanEngine.on(listOf(dir), history + drainVars("reference mysql-keyset"), MeetingPlace()) { engine ->
            engine.props["chatlab.labToken"] = "lab"
            engine.run("drain.groovy", FanoutAuditScriptTest.Result())
        }
        assertThat(restores).isEmpty()
        assertThat(Files.readAllLines(dir.resolve("units.csv"))[1]).endsWith(",,")
    }

    @Test
    fun `no engine drains before a unit this round skips, so none waits at it and it keeps no line`(@TempDir dir: Path) {
        val place = MeetingPlace()
        val drains = PlanEngine.on(listOf(dir, dir), history + drainVars("reference mysql-keyset") + ("skipPaths" to "reference:*"), place) { engine ->
            val sample = FanoutAuditScriptTest.Result()
            engine.props["chatlab.labToken"] = "lab"
            engine.run("drain.groovy", sample)
            sample
        }
        assertThat(drains.map { it.ignored }).containsExactly(true, true)
        assertThat(place.met).containsExactly("engines")
        assertThat(activityAsked.get()).isZero()
        assertThat(dir.resolve("units.csv")).doesNotExist()
    }

    @Test
    fun `a plan that does not split its load fails its drain on several engines instead of waiting for the others`(@TempDir dir: Path) {
        val vars = mutableMapOf<String, Any?>("scripts" to planScripts.toString(), "unitsFile" to dir.resolve("units.csv").toString(),
            "engineList" to "10.0.0.1:1099,10.0.0.2:1099", "host" to "127.0.0.1", "jwtSecret" to "s", "plan" to "seats", "drainTimeout" to "5") +
            drainVars("rush db-atomic")
        fun drain(engine: Any?): Pair<FanoutAuditScriptTest.Result, Properties> {
            val props = Properties().apply {
                this["chatlab.labToken"] = "lab"
                engine?.let { this["chatlab.engine"] = it }
            }
            val sample = FanoutAuditScriptTest.Result()
            GroovyShell(Binding().apply {
                setVariable("vars", FanoutAuditScriptTest.Vars(vars.toMutableMap()))
                setVariable("props", props)
                setVariable("SampleResult", sample)
            }).evaluate(planScripts.resolve("drain.groovy").toFile())
            return sample to props
        }
        val (none, noneProps) = drain(null)
        assertThat(none.passed).isFalse()
        assertThat(none.message).contains("rush db-atomic").contains("plan seats does not split its load over engines")
        assertThat(noneProps["chatlab.enginesFailed"] as String).contains("plan seats")
        try {
            // An engine keeps its properties from plan to plan: the last plan's engine is not this one's.
            val (stale, staleProps) = drain(engineOfAnEarlierTest("history"))
            assertThat(stale.passed).isFalse()
            assertThat(stale.message).contains("rush db-atomic").contains("an earlier test's (plan history)").contains("does not split its load over engines")
            assertThat(staleProps["chatlab.enginesFailed"] as String).contains("earlier test's")
        } finally {
            testStart(0L)
        }
        assertThat(dir.resolve("units.csv")).doesNotExist()
    }
}
