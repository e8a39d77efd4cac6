package chatlab.report

/** Plan settings and environment, as readable lines. */
object Settings {
    fun describe(shape: Shape, s: Map<String, String>): String = when (shape) {
        Shape.REFERENCE -> "Threads ${s["threads"] ?: "?"}, ramp-up ${s["rampUp"] ?: "?"} s, loops ${s["loops"] ?: "?"} per thread, each thread group " +
            "capped at ${s["duration"] ?: "?"} s (${s["standInDuration"] ?: "?"} s on MongoDB stand-in paths)."
        Shape.CAPACITY -> "Reads stepped through ${s["capacityRates"] ?: "?"}/s (stand-in paths ${s["standInRates"] ?: "?"}/s), sends through " +
            "${s["sendRates"] ?: "?"}/s, ${s["stepSeconds"] ?: "?"} s per step (sends ${s["sendStepSeconds"] ?: s["stepSeconds"] ?: "?"} s) after a ${s["warmupSeconds"] ?: "?"} s warm-up that is not counted; " +
            "after a path's first miss, ${s["refineSteps"] ?: "?"} more steps bisect between the highest rate held and the lowest missed " +
            "(not on stand-in paths); SLO p95 ≤ ${s["slo"] ?: "?"} ms."
        Shape.MIX -> "${s["mixRate"] ?: "?"} readers/s for ${s["mixSeconds"] ?: "?"} s (stand-in paths ${s["standInMixRate"] ?: "?"}/s for " +
            "${s["standInMixSeconds"] ?: "?"} s) after a ${s["warmupSeconds"] ?: "?"} s warm-up: each opens a random room's newest page; " +
            "a share ${s["mixScroll"] ?: "?"} then scroll back ${s["scrollPages"] ?: "?"} pages by cursor, a share ${s["mixDeep"] ?: "?"} jump deep instead."
    }

    fun environmentLines(env: Environment): List<String> = buildList {
        for ((key, backend) in env.backends) {
            add("$key: ${backend.label}" + (backend.note?.let { " — $it" } ?: ""))
        }
        if (env.backends.isEmpty()) add("backends: not reported (the preflight plan did not keep /actuator/info)")
        env.fleet?.let { add(deployment(it, env.backends["broker"])) }
        env.fleet?.deployments?.takeIf { it.isNotEmpty() }?.let { add(deployments(it, env.backends["relay"] ?: env.backends["broker"]?.takeIf { env.fleet.broker == "relay" })) }
        env.machine["cpus"]?.let { add("server machine: $it CPUs, ${env.machine["os"] ?: "?"}; ${loadFrom(env.settings["remotes"])}") }
        env.machine["jvm"]?.let { add("server JVM: $it, max heap ${env.machine["maxHeapMb"] ?: "?"} MB" + jitLimit(env.machine["jit"])) }
        env.settings["warmUpSeconds"]?.let {
            val warmRound = if (env.settings["warmRound"] == "true") ", then the warm round: every selected plan once at 1 s steps " +
                "without refinement or paths on the MongoDB stand-in" else ""
            add("before round 1, unmeasured: a $it s server warm-up, arrivals ramping ${env.settings["warmUpFrom"] ?: "?"} → " +
                "${env.settings["warmUpTo"] ?: "?"}/s over the MySQL read paths and both send stores$warmRound (its wrong answers still fail the run)")
        }
        env.settings["standInRounds"]?.toIntOrNull()?.takeIf { it > 0 && env.backends["mongodb"]?.standIn == true }?.let {
            add("paths on the MongoDB stand-in (mongo-offset, mongo-keyset, mongo-redis-keyset, the sends' mongo) ran in the first " +
                "${if (it == 1) "round" else "$it rounds"} only, every shape: no verdict rests on the stand-in, and its units cost the most time")
        }
        add("JMeter ${env.settings["jmeter"] ?: "?"} on JDK ${env.settings["jdk"] ?: "?"}; seeded messages per store: ${env.settings["seedMessages"] ?: "?"}; offset pages drawn from: ${env.settings["pages"] ?: "?"}")
        if (env.runStart != null && env.runEnd != null) add("samples taken ${env.runStart} – ${env.runEnd}")
        add("report generated ${env.generatedAt}")
    }

    /** A server JVM option that stops its JIT short of the optimising compiler: its figures are not a steady-state server's. */
    private fun jitLimit(option: String?) = option?.let { "; JIT limited by $it (every instance), so its figures are not a steady-state server's" } ?: ""

    /** Where the load came from (-Djmeter.remotes): JMeter processes on this machine, or the engines named. */
    fun loadFrom(remotes: String?): String {
        val loopback = remotes?.let { LOOPBACK.matchEntire(it.trim()) }
        val engines = loopback?.groupValues?.get(1)?.ifEmpty { null }?.toInt() ?: remotes?.split(',')?.count { it.isNotBlank() } ?: 0
        val nth = "$engines" + if (engines % 100 in 11..13) "th" else when (engines % 10) { 1 -> "st"; 2 -> "nd"; 3 -> "rd"; else -> "th" }
        val shared = "each offered 1/$engines of every rate, ran 1/$engines of a closed group's threads and took every $nth member of a " +
            "room; they met at the server before every unit and step, so that one ladder decided on every engine's samples, and around every " +
            "reset and audit, which the first engine made for all on every engine's tally"
        return when {
            remotes.isNullOrBlank() -> "JMeter ran on the same machine"
            loopback != null && engines == 1 -> "JMeter ran on the same machine as one engine (jmeter-server) that the build started on loopback: " +
                "each plan went to it over RMI and its samples came back (JMeter's distributed mode); its CPU is the JMeter column"
            loopback != null -> "JMeter ran on the same machine as $engines engines (jmeter-server) that the build started on loopback (JMeter's " +
                "distributed mode): $shared; the JMeter column is the first engine's CPU"
            engines == 1 -> "the load came from the JMeter engine at $remotes (JMeter's distributed mode): the JMeter, other-CPU and steal " +
                "columns describe that engine's machine, not the server's"
            else -> "the load came from $engines JMeter engines, at ${remotes.orEmpty().split(',').joinToString(", ") { it.trim() }} (JMeter's distributed " +
                "mode): $shared; the JMeter, other-CPU and steal columns describe the first engine's machine, not the server's"
        }
    }

    private val LOOPBACK = Regex("""loopback(?::(\d+))?""")

    /** What carries a deployment's broadcasts: [relay]'s broker when it relays, else Spring's simple broker. */
    private fun broadcast(kind: String, relay: Backend?): String =
        if (kind == "relay") "STOMP broker relay to ${relay?.label ?: "a broker not reported"}" else "Spring's in-memory simple broker"

    /** The further deployments the fan-out loaded in turn, beside the fleet: each its own instances on the same backends. */
    fun deployments(deployments: List<Environment.Deployment>, broker: Backend?): String =
        "fan-out deployments, loaded in turn (instances of their own, started by the first, on its backends and data): " +
            deployments.joinToString("; ") { d ->
                "${d.name}: ${d.urls.size} instance${if (d.urls.size == 1) "" else "s"}, " + broadcast(d.broker, broker) +
                    (d.outboundThreads?.let { ", writing to its clients on $it outbound threads (a deployment without its own: the first instance's, by default Spring's twice the cores)" } ?: "")
            }

    /** Which server instances carried the run and what broadcast between them: every figure is the whole fleet's. */
    fun deployment(fleet: Environment.Fleet, broker: Backend?): String {
        val broadcast = broadcast(fleet.broker, broker)
        return if (fleet.instances == 1) "server: 1 instance, $broadcast"
        else "server: ${fleet.instances} instances on one machine (${fleet.urls.joinToString { it.substringAfterLast(':') }.let { "ports $it" }}), " +
            "JMeter threads spread over them round robin, sharing one set of backends; $broadcast"
    }
}
