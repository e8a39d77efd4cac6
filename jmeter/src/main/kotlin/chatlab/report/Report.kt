package chatlab.report

import chatlab.report.document.HtmlRenderer
import chatlab.report.document.MarkdownRenderer
import chatlab.report.method.Control
import chatlab.report.method.KeptRatio
import chatlab.report.method.Planted
import chatlab.report.profile.ProfileBlocks
import chatlab.report.profile.Recordings
import chatlab.report.profile.UnitProfile
import chatlab.report.document.Block
import java.nio.file.Files
import java.nio.file.Path
import java.time.Instant
import java.time.ZoneOffset
import java.time.format.DateTimeFormatter

/** Where a run's files are and how to judge it. */
data class ReportInputs(
    val results: Path,
    val out: Path,
    val settings: Map<String, String>,
    val errorRateThreshold: Double,
    /** Percent of samples that may time out or get a 503 (an overloaded backend) without failing the run. */
    val unansweredThreshold: Double = errorRateThreshold,
    /** The plans whose results are read: the preflight, the warm-up and every experiment's ([Experiments.ALL]). */
    val plans: List<String> = listOf("preflight", "warm-up") + Experiments.ALL.flatMap { it.plans }.distinct(),
    /** Latency gates (`-Dchatlab.gates=…`): each must hold, or the run fails naming label, figure and limit. */
    val thresholds: List<Threshold> = emptyList(),
    /** An earlier run's `summary.csv` (or its folder) to compare with; when null, the newest one kept in [runs]. */
    val previous: String? = null,
    /** Where every report keeps a copy of its figures, so the next run finds the last one. */
    val runs: Path? = null,
    /** Every setting's default: what a kept run that does not name a setting ran with. */
    val defaults: Map<String, String> = emptyMap(),
    /** The experiments whose units are profiled (`-Dprofile=`), and the folder of the server JVMs' recordings. */
    val profile: Set<String> = emptySet(),
    val recordings: Path? = null,
)

/** Reads a finished run and writes `index.html`, `summary.md`, `summary.csv`, `verdicts.csv` and `ratios.csv` into the output folder. */
object Report {
    data class Outcome(val comparison: Comparison, val passed: Boolean, val verdict: String, val index: Path, val gates: List<ThresholdResult>)

    fun generate(inputs: ReportInputs, now: Instant = Instant.now()): Outcome {
        val samples = ResultsCsv.readRounds(inputs.results, inputs.plans)
        val environment = Environment.read(inputs.results.resolve("server-info.json"), inputs.settings, samples, now)
        val slo = inputs.settings["slo"]?.toDoubleOrNull() ?: 50.0
        // What makes two runs alike: every plan setting the build passed, and the number of rounds.
        val planRounds = ResultsCsv.roundsByPlan(inputs.results, inputs.plans)
        val identity = inputs.settings + ("rounds" to Comparison.roundsKey(planRounds, samples.maxOfOrNull { it.round } ?: 1))
        val lookup = PreviousRun.find(inputs.previous, inputs.runs, identity, inputs.defaults)
        val comparison = ComparisonBuilder(samples, environment, slo, planRounds = planRounds,
            units = UnitAccount.read(inputs.results.resolve("units.csv")), previous = lookup).build()
            .copy(changedSettings = UnitColumns.changed(inputs.settings, inputs.defaults))
        val medians = samples.groupBy { it.label }.mapValues { (label, list) -> Measured.of(label, list).median }
        val gate = Gate(inputs.errorRateThreshold, inputs.unansweredThreshold)
        val gates = ThresholdResult.check(inputs.thresholds, medians)
        val failedGates = gates.filterNot { it.passed }
        val planted = Planted.check(Control.plantedShare(inputs.settings), Experiments.ALL.mapNotNull { it.verdict(comparison) }.flatMap { it.controls })
        val passed = gate.passed(comparison) && failedGates.isEmpty() && planted == null
        val verdict = listOfNotNull(
            planted,
            if (failedGates.isEmpty()) null else "FAILED: ${failedGates.size} of ${gates.size} latency gates did not hold (${failedGates.joinToString("; ") { it.message }}).",
            gate.verdict(comparison),
        ).joinToString(" ")
        Files.createDirectories(inputs.out)
        val index = inputs.out.resolve("index.html")
        val document = ReportDocument(verdict, passed, gates, profiles(inputs, comparison)).of(comparison)
        Files.writeString(index, HtmlRenderer.render(document))
        Files.writeString(inputs.out.resolve("summary.md"), MarkdownRenderer.render(document))
        val figures = Figures.render(Figures.of(comparison))
        val verdicts = RunRepeat.render(RunRepeat.answers(comparison))
        val ratios = KeptRatio.render(RunRepeat.ratios(comparison))
        val folders = listOf(inputs.out) + if (inputs.runs != null && samples.isNotEmpty()) listOf(Files.createDirectories(inputs.runs.resolve(STAMP.format(now)))) else emptyList()
        for (folder in folders) {
            Files.writeString(folder.resolve("summary.csv"), figures)
            Files.writeString(folder.resolve(RunRepeat.VERDICTS_FILE), verdicts)
            Files.writeString(folder.resolve(KeptRatio.FILE), ratios)
            PreviousRun.writeSettings(folder, identity)
        }
        return Outcome(comparison, passed, verdict, index, gates)
    }

    /** Per profiled experiment, its profile's blocks; the units' collapsed stacks are written to `profile/` beside the report. */
    private fun profiles(inputs: ReportInputs, comparison: Comparison): Map<String, List<Block>> {
        if (inputs.profile.isEmpty() || inputs.recordings == null) return emptyMap()
        val unknown = inputs.profile - Experiments.ALL.map { it.name }.toSet()
        require(unknown.isEmpty()) { "-Dprofile names no experiment: $unknown (experiments: ${Experiments.ALL.joinToString { it.name }})" }
        val recordings = Recordings(inputs.recordings)
        val folder = Files.createDirectories(inputs.out.resolve("profile"))
        return Experiments.ALL.filter { it.name in inputs.profile }.associate { e ->
            val profiles = UnitProfile.of(recordings, comparison.units, comparison.samples, e.plans.toSet())
            profiles.forEach { Files.writeString(folder.resolve(it.fileName), it.collapsed) }
            e.name to ProfileBlocks.of(profiles, recordings.unreadable.distinct())
        }
    }

    private val STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC)
}
