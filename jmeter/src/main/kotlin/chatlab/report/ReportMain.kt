package chatlab.report

import java.nio.file.Files
import java.nio.file.Path
import java.util.Properties

/**
 * Run by the build after the plans (`exec:java` in `verify`): `--results=`, `--out=`,
 * `--errorRateThreshold=` (wrong answers), `--unansweredThreshold=` (timeouts, 503s), `--thresholds=` (latency gates,
 * `;`-separated, see [Threshold]), `--previous=` (an earlier `summary.csv` to compare with), `--runs=` (where runs are kept),
 * `--settings=` (the run's settings, a properties file: shown in the report, and what like runs share) and `--defaults=`
 * (every setting's default, `src/build/settings.properties`), `--profile=` (experiments whose units are profiled) and
 * `--recordings=` (the server JVMs' flight recordings).
 * Throws, and so fails the build, when the run produced no samples or too many failed.
 */
fun main(args: Array<String>) {
    val options = args.filter { it.startsWith("--") && "=" in it }.associate { it.substring(2).substringBefore('=') to it.substringAfter('=') }
    fun path(name: String) = Path.of(options[name] ?: throw IllegalArgumentException("missing --$name=<folder>"))
    val inputs = ReportInputs(
        results = path("results"),
        out = path("out"),
        settings = options["settings"]?.takeIf { it.isNotBlank() }?.let { properties(Path.of(it)) }.orEmpty(),
        errorRateThreshold = options["errorRateThreshold"]?.toDouble() ?: 0.0,
        unansweredThreshold = options["unansweredThreshold"]?.toDouble() ?: 0.0,
        thresholds = Threshold.parseAll(options["thresholds"]),
        previous = options["previous"]?.takeIf { it.isNotBlank() },
        runs = options["runs"]?.takeIf { it.isNotBlank() }?.let { Path.of(it) },
        defaults = options["defaults"]?.takeIf { it.isNotBlank() }?.let { properties(Path.of(it)) }.orEmpty(),
        profile = options["profile"].orEmpty().split(',').map { it.trim() }.filter { it.isNotEmpty() }.toSet(),
        recordings = options["recordings"]?.takeIf { it.isNotBlank() }?.let { Path.of(it) },
    )
    val outcome = Report.generate(inputs)
    println(ConsoleSummary.render(outcome.comparison))
    println("chatlab comparison report: ${outcome.index.toUri()}")
    outcome.gates.forEach { println(it.message) }
    println(outcome.verdict)
    check(outcome.passed) { "chatlab: ${outcome.verdict} (see ${outcome.index})" }
}

/** A properties file's entries. */
private fun properties(file: Path): Map<String, String> =
    Files.newBufferedReader(file).use { reader -> Properties().apply { load(reader) } }.entries.associate { it.key.toString() to it.value.toString() }
