package chatlab.report

/** The two workload shapes of DESIGN.md; every sampler label of the chat plans ends with one of them. */
enum class Shape(val key: String, val title: String, val explanation: String) {
    REFERENCE(
        "reference", "Reference shape",
        "the public plan as it was: threads started over the ramp-up, each running its loops (capped in time)",
    ),
    SATURATION(
        "saturation", "Saturation shape",
        "every thread up after a short ramp, looping for a fixed window: paths compared at equal concurrency",
    ),
}

/** What a row is about: a read path or a store, with the backends it touches (keys of `/actuator/info` backends). */
data class Subject(val key: String, val title: String, val backends: List<String>)

object Subjects {
    val BASELINE = Subject("mysql-offset", "MySQL, offset + count", listOf("mysql"))
    val READ_PATHS = listOf(
        BASELINE,
        Subject("mongo-offset", "MongoDB, offset + count", listOf("mongodb")),
        Subject("mysql-keyset", "MySQL, keyset", listOf("mysql")),
        Subject("mongo-keyset", "MongoDB, keyset", listOf("mongodb")),
        Subject("mongo-redis-keyset", "MongoDB, keyset + Redis cache", listOf("mongodb", "redis")),
    )
    val SEND_STORES = listOf(
        Subject("mysql", "MySQL", listOf("mysql")),
        Subject("mongo", "MongoDB + Redis write-through", listOf("mongodb", "redis")),
    )

    const val GET = "get chat messages"
    const val ENTER = "enter chat room"
    const val SEND_TO_DELIVERY = "send-to-delivery"
    const val BARE_SEND = "stomp SEND"
}

/** A sampler label as the plans write it, e.g. `get chat messages [mysql-offset] reference`. */
data class SampleLabel(val sampler: String, val target: String, val shape: Shape) {
    companion object {
        private val pattern = Regex("""^(.+?) \[([^\]]+)] (\w+)$""")

        fun parse(label: String): SampleLabel? {
            val match = pattern.matchEntire(label) ?: return null
            val shape = Shape.entries.firstOrNull { it.key == match.groupValues[3] } ?: return null
            return SampleLabel(match.groupValues[1], match.groupValues[2], shape)
        }
    }
}
