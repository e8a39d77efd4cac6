package chatlab.report

import java.nio.file.Files
import java.nio.file.Path
import java.time.Instant

/** Where a run's files are and how to judge it. */
data class ReportInputs(
    val results: Path,
    val dashboards: Path,
    val out: Path,
    val settings: Map<String, String>,
    val errorRateThreshold: Double,
    /** Percent of samples that may time out or get a 503 (an overloaded backend) without failing the run. */
    val unansweredThreshold: Double = errorRateThreshold,
    val plans: List<String> = listOf("preflight", "chat-read", "chat-send"),
    /** Latency gates (`-Dchatlab.gates=…`): each must hold, or the run fails naming label, figure and limit. */
    val thresholds: List<Threshold> = emptyList(),
)

/** Reads a finished run and writes `index.html`, `summary.md` and `summary.csv` into the output folder. */
object Report {
    data class Outcome(val comparison: Comparison, val passed: Boolean, val verdict: String, val index: Path, val gates: List<ThresholdResult>)

    fun generate(inputs: ReportInputs, now: Instant = Instant.now()): Outcome {
        val statistics = inputs.plans.flatMap { plan ->
            DashboardStatistics.read(inputs.dashboards.resolve(plan).resolve("statistics.json")).filterKeys { it != DashboardStatistics.TOTAL }.entries
        }.associate { it.key to it.value }
        val samples = inputs.plans.flatMap { ResultsCsv.read(inputs.results.resolve("$it.csv")) }
        val environment = Environment.read(inputs.results.resolve("server-info.json"), inputs.settings, samples, now)
        val comparison = ComparisonBuilder(statistics, samples, environment).build()
            .copy(units = UnitAccount.read(inputs.results.resolve("units.csv")))
        val gate = Gate(inputs.errorRateThreshold, inputs.unansweredThreshold)
        val gates = ThresholdResult.check(inputs.thresholds, statistics)
        val failedGates = gates.filterNot { it.passed }
        val passed = gate.passed(comparison) && failedGates.isEmpty()
        val verdict = if (failedGates.isEmpty()) gate.verdict(comparison)
        else "FAILED: ${failedGates.size} of ${gates.size} latency gates did not hold (${failedGates.joinToString("; ") { it.message }}). " +
            gate.verdict(comparison)
        Files.createDirectories(inputs.out)
        val index = inputs.out.resolve("index.html")
        Files.writeString(index, HtmlReport(verdict, passed, gates).render(comparison))
        Files.writeString(inputs.out.resolve("summary.md"), MarkdownReport.render(comparison))
        Files.writeString(inputs.out.resolve("summary.csv"), CsvSummary.render(comparison))
        return Outcome(comparison, passed, verdict, index, gates)
    }
}
