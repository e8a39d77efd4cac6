package chatlab.report

import tools.jackson.databind.json.JsonMapper
import java.nio.file.Files
import java.nio.file.Path
import java.time.Instant

/** One backend as the server described it on `/actuator/info`. */
data class Backend(val product: String, val version: String, val origin: String, val label: String, val note: String?) {
    val standIn get() = origin == "stand-in"
}

/** What produced the numbers: the server's backends and machine, the plan settings, JMeter, and when. */
data class Environment(
    val backends: Map<String, Backend>,
    val machine: Map<String, String>,
    val settings: Map<String, String>,
    val generatedAt: Instant,
    val runStart: Instant?,
    val runEnd: Instant?,
    /** The instances that served the run and the broker between them (`/actuator/info` → `fleet`); null when not reported. */
    val fleet: Fleet? = null,
) {
    /** [deployments]: the further groups of instances the fan-out loaded in turn (`fleet.deployments`), in the server's order. */
    data class Fleet(val instances: Int, val broker: String, val urls: List<String>, val deployments: List<Deployment> = emptyList())

    /** One further deployment: its name (`relay-2`), broker and instances' addresses, and its outbound pool when it set one. */
    data class Deployment(val name: String, val broker: String, val urls: List<String>, val outboundThreads: Int? = null)

    fun labelOf(backend: String): String = backends[backend]?.label ?: "$backend (not reported)"

    fun standIn(backends: List<String>): Boolean = backends.any { this.backends[it]?.standIn == true }

    /**
     * Whether a capacity step's rate is one of the doubling ladders' (every rate is, when the settings do not say): the
     * others are refinements, which each round picks between the rate it held and the one it missed.
     */
    fun onLadder(rate: Double): Boolean = ladderRates.isEmpty() || rate in ladderRates

    /** The listed rates, and past the last one of the reads' and the sends' ladders the doubling that climbs on. */
    private val ladderRates: Set<Double> by lazy {
        val lists = listOf("capacityRates", "sendRates", "standInRates", "fanoutRates")
            .associateWith { key -> settings[key].orEmpty().split(',').mapNotNull { it.trim().toDoubleOrNull() } }
        val beyond = listOf("capacityRates", "sendRates", "fanoutRates").mapNotNull { lists.getValue(it).lastOrNull() }
            .flatMap { last -> (1..20).map { last * (1L shl it) } }
        (lists.values.flatten() + beyond).toSet()
    }

    companion object {
        /** Reads the `/actuator/info` body the preflight plan kept; a missing file leaves the backends unknown. */
        fun read(infoFile: Path, settings: Map<String, String>, samples: List<Sample>, now: Instant): Environment {
            val backends = mutableMapOf<String, Backend>()
            val machine = mutableMapOf<String, String>()
            var fleet: Fleet? = null
            if (Files.isRegularFile(infoFile)) {
                val root = JsonMapper().readTree(infoFile.toFile())
                root.path("backends").properties().forEach { (key, node) ->
                    backends[key] = Backend(
                        node.path("product").asString(""), node.path("version").asString(""), node.path("origin").asString(""),
                        node.path("label").asString(""), node.path("note").takeIf { it.isString }?.asString(""),
                    )
                }
                root.path("machine").properties().forEach { (key, node) -> machine[key] = node.asString("") }
                root.path("fleet").takeIf { it.isObject }?.let { node ->
                    fleet = Fleet(
                        node.path("instances").asInt(1), node.path("broker").asString(""), node.path("urls").values().map { it.asString("") },
                        node.path("deployments").values().map { d ->
                            Deployment(d.path("name").asString(""), d.path("broker").asString(""), d.path("urls").values().map { it.asString("") },
                                d.path("outboundThreads").takeIf { it.isInt }?.asInt())
                        },
                    )
                }
            }
            val start = samples.minOfOrNull { it.timeStamp }?.let(Instant::ofEpochMilli)
            val end = samples.maxOfOrNull { it.timeStamp + it.elapsed }?.let(Instant::ofEpochMilli)
            return Environment(backends, machine, settings, now, start, end, fleet)
        }
    }
}
