package chatlab.report

import java.time.Instant

/** Samples of the chat plans as a results CSV would hold them, and the comparison the report builds from them (SLO 50 ms). */
object ChatRuns {
    val standInMongo = mapOf(
        "mysql" to Backend("MariaDB", "11.4.5", "embedded", "MariaDB 11.4.5 (embedded)", null),
        "mongodb" to Backend("mongo-java-server", "1.47.0", "stand-in", "mongo-java-server 1.47.0 (stand-in)", "no indexes"),
        "redis" to Backend("Redis", "6.2.11", "embedded", "Redis 6.2.11 (embedded)", null),
    )

    fun comparison(samples: List<Sample>, settings: Map<String, String> = mapOf("threads" to "10", "loops" to "100")) =
        ComparisonBuilder(samples, Environment(standInMongo, mapOf("cpus" to "2"), settings, Instant.EPOCH, null, null), slo = 50.0).build()

    fun sample(label: String, elapsed: Long, round: Int = 1, cache: String = "", success: Boolean = true, why: String = "", code: String? = null, at: Long = 0) =
        Sample(at, elapsed, label, code ?: if (success) "200" else "500", "", success, why, cache, round)

    /** [n] samples of [label] in [round], all taking [elapsed] ms, spread over a second. */
    fun many(label: String, elapsed: Long, round: Int = 1, n: Int = 20) = (0 until n).map { sample(label, elapsed, round, at = it * 1000L / n) }
}
