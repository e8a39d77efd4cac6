package chatlab.report

/** The workload shapes (docs/design.md, Measurement method); every measured sampler label of the chat plans ends with one of them. */
enum class Shape(val key: String, val title: String, val explanation: String) {
    REFERENCE(
        "reference", "Reference shape",
        "the public plan as it was (closed model: threads started over the ramp-up, each running its loops, capped in time). " +
            "Metastable on a small machine — a path that slows down gains concurrency and slows further — so it is shown beside " +
            "the public table and never the basis of a verdict on its own",
    ),
    CAPACITY(
        "capacity", "Capacity shape",
        "open model: arrivals per second stepped up (one Open Model Thread Group per step, each arrival on its own thread, " +
            "so a slow server cannot delay the next arrival and latency counts from the intended start) until p95 passes the SLO " +
            "or a sample fails; a path's capacity is the highest step it held, with every step below it",
    ),
    MIX(
        "mix", "Chat-mix shape",
        "open model at a fixed arrival rate, what chat clients read: mostly a room's newest page, some scroll-back by cursor, " +
            "a few deep jumps",
    ),
    ;
}

/** What a row is about: a read path or a store, with the backends it touches (keys of `/actuator/info` backends). */
data class Subject(val key: String, val title: String, val backends: List<String>)

object Subjects {
    val BASELINE = Subject("mysql-offset", "MySQL, offset + count", listOf("mysql"))
    /**
     * The cache path measured warm: its rooms are put in Redis whole before its ladder (capacity shape only), so every
     * read it measures is a hit and Redis alone answers it, whatever serves MongoDB.
     */
    val CACHE_WARM = Subject("mongo-redis-keyset warm", "MongoDB, keyset + Redis cache, warm: every page in Redis", listOf("redis"))
    val READ_PATHS = listOf(
        BASELINE,
        Subject("mongo-offset", "MongoDB, offset + count", listOf("mongodb")),
        Subject("mysql-keyset", "MySQL, keyset", listOf("mysql")),
        Subject("mongo-keyset", "MongoDB, keyset", listOf("mongodb")),
        Subject("mongo-redis-keyset", "MongoDB, keyset + Redis cache", listOf("mongodb", "redis")),
        CACHE_WARM,
        Subject("sqlite-keyset", "SQLite (driver defaults), keyset", listOf("sqlite")),
        Subject("sqlite-tuned-keyset", "SQLite tuned for servers, keyset", listOf("sqlite")),
    )
    val SEND_STORES = listOf(
        Subject("mysql", "MySQL", listOf("mysql")),
        Subject("mongo", "MongoDB + Redis write-through", listOf("mongodb", "redis")),
        Subject("sqlite", "SQLite (driver defaults)", listOf("sqlite")),
        Subject("sqlite-tuned", "SQLite tuned for servers", listOf("sqlite")),
    )

    /** The instruments: the server's cheapest authenticated answers, whose capacities are this machine's ceilings. */
    val READ_INSTRUMENT = Subject("instrument", "Instrument ceiling: GET /api/v1/me (no store)", emptyList())
    val SEND_INSTRUMENT = Subject("instrument-ws", "Instrument ceiling: a client that CONNECTs, SUBSCRIBEs and leaves (no SEND)", emptyList())
    val INSTRUMENTS = setOf(READ_INSTRUMENT, SEND_INSTRUMENT)

    const val GET = "get chat messages"
    /** The instrument's read: `GET /api/v1/me` (checks the token, touches no store). */
    const val WHO_AM_I = "who am i"
    /** The instrument's send: CONNECT, SUBSCRIBE with its RECEIPT (timed), DISCONNECT, no SEND. */
    const val SUBSCRIBE = "stomp SUBSCRIBE"
    const val ENTER = "enter chat room"
    const val SEND_TO_DELIVERY = "send-to-delivery"
    /** The fan-out plan's sample per member and message: from the SEND to this member's receipt. */
    const val DELIVERY = "delivery"
    /**
     * A fan-out path as the plan names it: `<members> members`, `<members> members on <deployment>` with deployments, the
     * deployment as the server names it (`relay-2`, `simple-1-outbound8`).
     */
    private const val DEPLOYMENT = """(?:[a-z]+-\d+(?:-outbound\d+)?|fleet)"""
    const val ROOM_PATH = """\d+ members(?: on $DEPLOYMENT)?"""
    val ROOM_SIZE = Regex("""^(\d+) members(?: on ($DEPLOYMENT))?$""")

    fun roomSize(key: String): Subject = Subject(key, "a room of $key", listOf("mysql"))

    /** The deployment a fan-out path ran on (`relay-2`), or null: the fleet itself. */
    fun deploymentOf(key: String): String? = ROOM_SIZE.matchEntire(key)?.groupValues?.get(2)?.takeIf { it.isNotEmpty() }

    /** A fan-out path's room size in members, or null when [key] is not one. */
    fun membersOf(key: String): Int? = ROOM_SIZE.matchEntire(key)?.groupValues?.get(1)?.toInt()
}

/**
 * A sampler label as the plans write it: `<sampler> [<path or store>] <shape>`, where shape is `reference`,
 * `capacity@<arrivals per second>`, `mix <newest|scroll|deep>` or `warm-up` (unmeasured; [shape] is then null).
 */
data class SampleLabel(val sampler: String, val target: String, val shape: Shape?, val rate: Double? = null, val kind: String? = null) {
    val warmup: Boolean get() = shape == null

    companion object {
        private val pattern = Regex("""^(.+?) \[([^\]]+)] (reference|capacity@([0-9.]+)|mix (newest|scroll|deep)|warm-up)$""")

        fun parse(label: String): SampleLabel? {
            val m = pattern.matchEntire(label) ?: return null
            val (sampler, target, spec, rate, kind) = m.destructured
            val shape = when {
                spec == "reference" -> Shape.REFERENCE
                spec.startsWith("capacity@") -> Shape.CAPACITY
                spec.startsWith("mix ") -> Shape.MIX
                else -> null
            }
            return SampleLabel(sampler, target, shape, rate.toDoubleOrNull(), kind.ifEmpty { null })
        }

        fun of(sampler: String, target: String, spec: String) = "$sampler [$target] $spec"
    }
}
