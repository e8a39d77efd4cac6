package chatlab.report

import com.fasterxml.jackson.databind.JsonNode
import com.fasterxml.jackson.databind.ObjectMapper
import java.nio.file.Files
import java.nio.file.Path

/** One label's line of a JMeter dashboard (`statistics.json`): times in ms, throughput in samples per second. */
data class Stats(
    val samples: Long,
    val errors: Long,
    val errorPct: Double,
    val mean: Double,
    val min: Double,
    val p50: Double,
    val p90: Double,
    val p95: Double,
    val p99: Double,
    val max: Double,
    val throughput: Double,
)

/** Reads the statistics JMeter's dashboard generator wrote, keyed by label (the dashboard's own numbers). */
object DashboardStatistics {
    const val TOTAL = "Total"

    fun read(file: Path): Map<String, Stats> {
        if (!Files.isRegularFile(file)) return emptyMap()
        val root = ObjectMapper().readTree(file.toFile())
        return root.fields().asSequence().associate { (label, node) -> label to node.toStats() }
    }

    private fun JsonNode.toStats() = Stats(
        samples = path("sampleCount").asLong(),
        errors = path("errorCount").asLong(),
        errorPct = path("errorPct").asDouble(),
        mean = path("meanResTime").asDouble(),
        min = path("minResTime").asDouble(),
        p50 = path("medianResTime").asDouble(),
        p90 = path("pct1ResTime").asDouble(),
        p95 = path("pct2ResTime").asDouble(),
        p99 = path("pct3ResTime").asDouble(),
        max = path("maxResTime").asDouble(),
        throughput = path("throughput").asDouble(),
    )
}
