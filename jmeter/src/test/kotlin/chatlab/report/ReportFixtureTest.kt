package chatlab.report

import com.fasterxml.jackson.databind.ObjectMapper
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.within
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.time.Instant

class ReportFixtureTest {
    private fun fixture(name: String): Path = Path.of(javaClass.getResource("/fixtures/$name")!!.toURI())

    private val settings = mapOf("threads" to "4", "loops" to "10", "satThreads" to "4", "jmeter" to "5.6.3")

    private fun generate(name: String, out: Path, threshold: Double = 0.0): Report.Outcome {
        val dir = fixture(name)
        return Report.generate(ReportInputs(dir.resolve("results"), dir.resolve("dashboards"), out, settings, threshold), Instant.parse("2026-11-21T12:00:00Z"))
    }

    private fun rows(outcome: Report.Outcome) =
        outcome.comparison.shapes.flatMap { it.reads + it.enters + it.sends + it.bareSends }

    @Test
    fun `every row carries exactly the dashboard's statistics for its label`(@TempDir out: Path) {
        val outcome = generate("smoke", out)
        val json = ObjectMapper()
        val dashboards = listOf("chat-read", "chat-send").map { json.readTree(fixture("smoke").resolve("dashboards/$it/statistics.json").toFile()) }
        val rows = rows(outcome)
        assertThat(rows).hasSize(2 * (5 + 5 + 2 + 2))
        for (row in rows) {
            val line = dashboards.map { it.path(row.label) }.single { !it.isMissingNode }
            val s = row.stats
            assertThat(listOf(s.samples.toDouble(), s.errors.toDouble(), s.mean, s.p50, s.p90, s.p95, s.p99, s.min, s.max, s.throughput))
                .describedAs(row.label)
                .containsExactlyElementsOf(
                    listOf("sampleCount", "errorCount", "meanResTime", "medianResTime", "pct1ResTime", "pct2ResTime", "pct3ResTime", "minResTime", "maxResTime", "throughput")
                        .map { line.path(it).asDouble() },
                )
        }
    }

    @Test
    fun `the dashboard's counts and means agree with the raw samples the report reads`(@TempDir out: Path) {
        val samples = listOf("chat-read", "chat-send").flatMap { ResultsCsv.read(fixture("smoke").resolve("results/$it.csv")) }
        for (row in rows(generate("smoke", out))) {
            val own = samples.filter { it.label == row.label }
            assertThat(own.size.toLong()).describedAs(row.label).isEqualTo(row.stats.samples)
            assertThat(own.count { !it.success }.toLong()).describedAs(row.label).isEqualTo(row.stats.errors)
            assertThat(own.map { it.elapsed }.average()).describedAs(row.label).isCloseTo(row.stats.mean, within(1e-6))
            assertThat(own.maxOf { it.elapsed }.toDouble()).describedAs(row.label).isEqualTo(row.stats.max)
        }
    }

    @Test
    fun `every read path and both stores appear in both shapes, labelled with their backends`(@TempDir out: Path) {
        val outcome = generate("smoke", out)
        assertThat(outcome.passed).isTrue()
        for (tables in outcome.comparison.shapes) {
            assertThat(tables.reads.map { it.subject.key }).containsExactlyElementsOf(Subjects.READ_PATHS.map { it.key })
            assertThat(tables.sends.map { it.subject.key }).containsExactly("mysql", "mongo")
            assertThat(tables.read("mongo-offset")!!.standIn).isTrue()
            assertThat(tables.read("mysql-offset")!!.backends.single()).startsWith("MariaDB").endsWith("(embedded)")
        }
        assertThat(outcome.comparison.shapes.map { it.shape }).containsExactly(Shape.REFERENCE, Shape.SATURATION)
    }

    @Test
    fun `the page, the Markdown and the CSV are written and show the same numbers`(@TempDir out: Path) {
        val outcome = generate("smoke", out)
        val html = Files.readString(out.resolve("index.html"))
        val md = Files.readString(out.resolve("summary.md"))
        val csv = ResultsCsv.records(Files.newBufferedReader(out.resolve("summary.csv"))).toList()
        val row = outcome.comparison.shapes.first().read("mysql-keyset")!!
        val cells = Columns.cells(row)
        assertThat(html).contains("<svg").contains("⚠ stand-in").contains("Beside the public reference result").contains("PASSED")
        assertThat(html).contains(cells.joinToString("") { "<td>${SvgCharts.esc(it)}</td>" })
        assertThat(md).contains(cells.joinToString(" | ", "| ", " |"))
        assertThat(csv.first()).startsWith("shape", "sampler", "subject")
        assertThat(csv.drop(1)).hasSize(rows(outcome).size)
        val line = csv.single { it[0] == row.shape.key && it[1] == Subjects.GET && it[2] == "mysql-keyset" }
        assertThat(line[8].toDouble()).isCloseTo(row.stats.mean, within(1e-4))
        assertThat(html).contains("mongo-java-server 1.47.0 (stand-in)")
    }

    @Test
    fun `a run with failed samples fails the gate and names the reasons`(@TempDir out: Path) {
        val outcome = generate("failed", out)
        assertThat(outcome.passed).isFalse()
        assertThat(outcome.comparison.failedSamples).isEqualTo(4)
        assertThat(outcome.verdict).startsWith("FAILED").contains("4 failed")
        val failure = outcome.comparison.failures.first()
        assertThat(failure.label).isEqualTo("get chat messages [mongo-offset] reference")
        assertThat(failure.reasons.single().first).startsWith("HTTP 503")
        assertThat(Files.readString(out.resolve("index.html"))).contains("Failed samples").contains("not newest first at message 42")
        assertThat(generate("failed", out, threshold = 5.0).passed).isTrue()
        val excusedSlowness = Report.generate(
            ReportInputs(fixture("failed").resolve("results"), fixture("failed").resolve("dashboards"), out, settings, 0.0, unansweredThreshold = 5.0),
        )
        assertThat(excusedSlowness.comparison.unansweredSamples).isEqualTo(3)
        assertThat(excusedSlowness.passed).describedAs("the failed order assertion still fails the run").isFalse()
    }

    @Test
    fun `an empty run writes a report that says so and fails`(@TempDir out: Path) {
        val outcome = generate("empty", out)
        assertThat(outcome.passed).isFalse()
        assertThat(outcome.verdict).contains("no samples")
        assertThat(Files.readString(out.resolve("index.html"))).contains("no samples")
        assertThat(Files.readAllLines(out.resolve("summary.csv"))).hasSize(1)
    }
}
