package chatlab.plans

import groovy.lang.Binding
import groovy.lang.Closure
import groovy.lang.GroovyShell
import org.apache.jmeter.threads.JMeterContextService
import java.nio.file.Path
import java.util.Properties
import java.util.Queue
import java.util.concurrent.CompletableFuture
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/** The plans' Groovy scripts, as the build copies them beside the plans. */
val planScripts: Path = Path.of("src/test/jmeter/scripts").toAbsolutePath()

/**
 * The server's meetings (`POST /api/v1/lab/rendezvous`), in memory: the first `parties` arrivals at a key meet, each answered
 * with its place and every contribution in arrival order (RendezvousIT holds the server's).
 */
class MeetingPlace {
    private val open = HashMap<String, MutableList<Pair<CompletableFuture<Map<String, Any?>>, Any?>>>()

    /** Every meeting's key, in the order the meetings formed. */
    val met: MutableList<String> = java.util.Collections.synchronizedList(mutableListOf())

    fun meet(key: String, parties: Int, contribution: Any?): Map<String, Any?> {
        val answer = CompletableFuture<Map<String, Any?>>()
        synchronized(this) {
            val arrivals = open.getOrPut(key) { mutableListOf() }
            arrivals += answer to contribution
            if (arrivals.size == parties) {
                open.remove(key)
                met += key
                arrivals.forEachIndexed { party, (a, _) -> a.complete(mapOf("key" to key, "party" to party, "contributions" to arrivals.map { it.second })) }
            }
        }
        return answer.get(20, TimeUnit.SECONDS)
    }
}

/**
 * The engine an earlier test published (an engine keeps its properties from plan to plan): `engines.groovy` run for [plan]
 * under one test start, then JMeter's test start moved on, as when the next plan starts on that engine. The caller puts
 * the test start back ([testStart] with 0) when done.
 */
fun engineOfAnEarlierTest(plan: String): Any? {
    testStart(1_000L)
    val props = Properties()
    GroovyShell(Binding().apply {
        setVariable("vars", FanoutAuditScriptTest.Vars(mutableMapOf("plan" to plan, "engineList" to "", "jwtSecret" to "s")))
        setVariable("props", props)
        setVariable("SampleResult", FanoutLadderScriptTest.Result())
    }).evaluate(planScripts.resolve("engines.groovy").toFile())
    testStart(2_000L)
    return props["chatlab.engine"]
}

/** Sets JMeter's test start ([JMeterContextService.getTestStartTime]; its startTest() needs JMeter's test jars). */
fun testStart(millis: Long) {
    (JMeterContextService::class.java.getDeclaredField("testStart").apply { isAccessible = true }.get(null) as java.util.concurrent.atomic.AtomicLong).set(millis)
}

/**
 * One engine's round of a plan: `open-model-schedules.groovy` evaluated with the plan's [planVars] and `engineList` naming
 * [engines] engines, meeting at [place]; each engine on a thread of its own, as on its own machine.
 */
class PlanEngine(dir: Path, place: MeetingPlace, engines: Int, planVars: Map<String, String>, setUp: String = "open-model-schedules.groovy") {
    val props = Properties()
    val vars = mutableMapOf<String, Any?>(
        "scripts" to planScripts.toString(), "unitsFile" to dir.resolve("units.csv").toString(),
        "engineList" to (1..engines).joinToString(",") { "10.0.0.$it:1099" }, "chatPaths" to "true", "host" to "127.0.0.1", "port" to "8080",
        "jwtSecret" to "s", "infoFile" to dir.resolve("server-info.json").toString(),
    ).apply { putAll(planVars) }

    init {
        props["chatlab.meetingPlace"] = GroovyShell(Binding().apply { setVariable("place", place) })
            .evaluate("return { String key, int parties, Map contribution -> place.meet(key, parties, contribution) }")
        run(setUp, FanoutLadderScriptTest.Result())
    }

    val index: Int get() = (props["chatlab.engine"] as Map<*, *>)["index"] as Int

    /**
     * Runs a script of the plan on this engine, with its variables and properties, [sample] as its SampleResult and [more]
     * of JMeter's bindings (ctx, prev, AssertionResult).
     */
    fun run(script: String, sample: Any?, more: Map<String, Any?> = emptyMap()): Any? = GroovyShell(Binding().apply {
        setVariable("vars", FanoutAuditScriptTest.Vars(vars))
        setVariable("props", props)
        setVariable("SampleResult", sample)
        more.forEach { (name, value) -> setVariable(name, value) }
    }).evaluate(planScripts.resolve(script).toFile())

    fun schedule(shape: String, path: String, step: Int) = (props["chatlab.schedule"] as Closure<*>).call(shape, path, step) as String

    /**
     * A path's warm-up and steps while its ladder goes on, this engine's samples at [p95At] of the rate; each step's rate
     * and schedule.
     */
    fun climb(shape: String, path: String, p95At: (Double) -> Double): List<Pair<Double, String>> {
        schedule(shape, path, 0)
        return (1..10).mapNotNull { step ->
            val schedule = schedule(shape, path, step)
            val current = props["chatlab.current"] as Map<*, *>? ?: return@mapNotNull null
            val rate = (current["label"] as String).removePrefix("capacity@").toDouble()
            @Suppress("UNCHECKED_CAST")
            val times = ((props["chatlab.steps"] as Map<*, *>)[current["key"]] as Map<*, *>)["times"] as Queue<Any>
            repeat(100) { times.add(p95At(rate).toLong()) }
            rate to schedule
        }.also { schedule(shape, path, 11) }
    }

    companion object {
        /**
         * [dirs].size engines of one plan, each built (its [setUp] run) and run on its own thread (they meet from the first
         * moment).
         */
        fun <T> on(
            dirs: List<Path>, planVars: Map<String, String>, place: MeetingPlace = MeetingPlace(), setUp: String = "open-model-schedules.groovy",
            run: (PlanEngine) -> T,
        ): List<T> {
            val threads = Executors.newFixedThreadPool(dirs.size)
            try {
                val futures = dirs.map { dir -> CompletableFuture.supplyAsync({ run(PlanEngine(dir, place, dirs.size, planVars, setUp)) }, threads) }
                return futures.map { it.get(60, TimeUnit.SECONDS) }
            } finally {
                threads.shutdownNow()
            }
        }
    }
}
