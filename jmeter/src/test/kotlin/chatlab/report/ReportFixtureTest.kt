package chatlab.report

import chatlab.report.document.Block
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.time.Instant

class ReportFixtureTest {
    private fun fixture(name: String): Path = Path.of(javaClass.getResource("/fixtures/$name")!!.toURI())

    private val settings = mapOf("threads" to "4", "loops" to "5", "slo" to "50", "jmeter" to "5.6.3")

    private fun generate(
        name: String, out: Path, threshold: Double = 0.0, unanswered: Double = threshold, runs: Path? = null,
        settings: Map<String, String> = this.settings, now: Instant = Instant.parse("2026-11-22T12:00:00Z"),
    ) = Report.generate(ReportInputs(fixture(name).resolve("results"), out, settings, threshold, unanswered, runs = runs), now)

    private fun samples() = ResultsCsv.readRounds(fixture("smoke").resolve("results"), listOf("history", "sends"))

    @Test
    fun `the smoke run has three rounds of every shape on every path and store`(@TempDir out: Path) {
        val c = generate("smoke", out).comparison
        assertThat(c.rounds).isEqualTo(3)
        // The SQLite paths run the capacity and mix shapes only: the public reference table has no SQLite line.
        // The cache's warm path runs the capacity shape only.
        val chatPaths = Subjects.READ_PATHS - Subjects.CACHE_WARM
        assertThat(c.referenceOf(Subjects.GET).map { it.subject.key }).containsExactlyElementsOf(chatPaths.map { it.key }.filterNot { it.startsWith("sqlite") })
        assertThat(c.referenceOf(Subjects.SEND_TO_DELIVERY).map { it.subject.key }).containsExactly("mysql", "mongo")
        assertThat(c.readCapacity.map { it.subject.key }).containsExactlyElementsOf(Subjects.READ_PATHS.map { it.key })
        assertThat(c.sendCapacity.map { it.subject.key }).containsExactly("mysql", "mongo", "sqlite", "sqlite-tuned")
        assertThat(c.mix.filter { it.kind == "all" }.map { it.subject.key }).containsExactlyElementsOf(chatPaths.map { it.key })
        assertThat(c.readCapacity.single { it.subject == Subjects.CACHE_WARM }.steps.map { it.cache!!.share("hit") }).containsOnly(1.0)
        assertThat(c.readCapacity.first { it.subject.key == "mongo-offset" }.standIn).isTrue()
        assertThat(c.referenceOf(Subjects.GET).first { it.subject.key == "mysql-offset" }.backends.single()).startsWith("MariaDB").endsWith("(embedded)")
        assertThat(c.referenceOf(Subjects.GET).map { it.measured.rounds.size } + c.mix.filter { it.kind == "all" }.map { it.measured.rounds.size }).allMatch { it == 3 }
    }

    @Test
    fun `every figure is the median over rounds of what the raw samples of that round say`(@TempDir out: Path) {
        val c = generate("smoke", out).comparison
        val all = samples()
        for (row in c.referenceOf(Subjects.GET) + c.referenceOf(Subjects.SEND_TO_DELIVERY)) {
            val nearestRank = all.filter { it.label == row.label }.groupBy { it.round }.toSortedMap().values.map { list ->
                val times = list.map { it.elapsed.toDouble() }.sorted()
                times[(Math.ceil(0.95 * times.size).toInt() - 1)]
            }
            // Read inside JMeter's whole milliseconds, each round's p95 lies within half a millisecond of the nearest-rank one.
            assertThat(row.measured.rounds.map { it.p95 }.zip(nearestRank)).describedAs(row.label).allSatisfy { (interpolated, rank) ->
                assertThat(interpolated).isBetween(rank - 0.5, rank + 0.5)
            }
            assertThat(row.measured.spread { it.p95 }.median).describedAs(row.label).isEqualTo(row.measured.rounds.map { it.p95 }.sorted()[1])
            assertThat(row.stats.samples).describedAs(row.label).isEqualTo(all.count { it.label == row.label }.toLong())
        }
    }

    @Test
    fun `the page, the Markdown and the CSV are written and show the same numbers`(@TempDir out: Path) {
        val outcome = generate("smoke", out)
        val html = Files.readString(out.resolve("index.html"))
        val md = Files.readString(out.resolve("summary.md"))
        val tables = Columns.all(outcome.comparison).map { it.second }
        assertThat(tables.map { it.title }).anySatisfy { assertThat(it).startsWith("History reads — “get chat messages”, one random page") }
        for (table in tables) for (cells in table.rows) {
            assertThat(html).contains(cells.joinToString("") { "<td>${SvgCharts.esc(it)}</td>" })
            assertThat(md).contains(cells.joinToString(" | ", "| ", " |"))
        }
        assertThat(html).contains("<polyline").contains("SLO 50").contains("⚠ stand-in").contains("Beside the public reference result")
            .contains("Capacity shape").contains("Chat-mix shape").contains("PASSED").contains("mongo-java-server 1.47.0 (stand-in)")
        assertThat(Files.readString(out.resolve("summary.csv"))).isEqualTo(Figures.render(Figures.of(outcome.comparison)))
        val figures = Figures.read(out.resolve("summary.csv"))
        val capacity = outcome.comparison.readCapacity.first()
        assertThat(figures.single { it.key == "capacity|get chat messages [${capacity.subject.key}]|capacity" }.spread).isEqualTo(capacity.capacity)
    }

    @Test
    fun `the page and the Markdown are one document - every section, sentence, bullet and table row in both`(@TempDir out: Path) {
        val outcome = generate("smoke", out)
        val document = ReportDocument(outcome.verdict, outcome.passed).of(outcome.comparison)
        val html = Files.readString(out.resolve("index.html"))
        val md = Files.readString(out.resolve("summary.md"))
        val text = org.jsoup.Jsoup.parse(html)
        assertThat(text.select("h2").eachText()).containsExactlyElementsOf(document.sections.map { it.title })
        assertThat(md.lines().filter { it.startsWith("## ") }.map { it.removePrefix("## ") }).containsExactlyElementsOf(document.sections.map { it.title })
        val sentences = (document.lead + document.sections.flatMap { it.blocks }).flatMap { block ->
            when (block) {
                is Block.Text -> listOf(block.text)
                is Block.Bullets -> block.items
                is Block.Table -> block.rows.map { row -> row.filter { it.isNotBlank() }.joinToString(" ") }
                else -> emptyList()
            }
        }
        assertThat(sentences).hasSizeGreaterThan(100)
        val page = text.select("p, li, tr").eachText().toSet()
        for (sentence in sentences) {
            assertThat(page).describedAs("on the page").contains(sentence)
        }
        val prose = (document.lead + document.sections.flatMap { it.blocks }).flatMap { block ->
            when (block) {
                is Block.Text -> listOf(block.text)
                is Block.Bullets -> block.items.map { "- $it" }
                else -> emptyList()
            }
        }
        prose.forEach { assertThat(md).describedAs("in the Markdown").contains(it) }
        val charts = document.sections.flatMap { it.blocks }.filterIsInstance<Block.Charts>().flatMap { it.svgs }
        assertThat(text.select("svg")).hasSize(charts.size)
        charts.forEach { assertThat(md).contains(it.title) }
    }

    @Test
    fun `a second run is compared with the first one kept`(@TempDir out: Path, @TempDir runs: Path) {
        val first = generate("smoke", out, runs = runs)
        assertThat(first.comparison.previous).isNull()
        assertThat(Files.list(runs).use { it.count() }).isEqualTo(1)
        val second = generate("smoke", out, runs = runs)
        val previous = second.comparison.previous!!
        val row = second.comparison.referenceOf(Subjects.GET).first { it.subject.key == "mysql-keyset" }
        val change = previous.change("reference", row.label, "p95", row.measured.spread { it.p95 })!!
        assertThat(change.ratio).isEqualTo(1.0)
        assertThat(change.beyondSpread).isFalse()
        assertThat(Files.readString(out.resolve("index.html"))).contains("compared with").contains("<td>+0 %</td>")
    }

    @Test
    fun `a run on another JDK is not compared with the earlier one, and one on the same JDK is`(@TempDir out: Path, @TempDir runs: Path) {
        generate("smoke", out, runs = runs, settings = settings + ("jdk" to "17"), now = Instant.parse("2026-11-22T12:00:00Z"))
        val other = generate("smoke", out, runs = runs, settings = settings + ("jdk" to "25"), now = Instant.parse("2026-11-22T12:10:00Z"))
        assertThat(other.comparison.previous).isNull()
        assertThat(other.comparison.previousNote).startsWith("no like run to compare with").contains("jdk 17 → 25")
        val same = generate("smoke", out, runs = runs, settings = settings + ("jdk" to "25"), now = Instant.parse("2026-11-22T12:20:00Z"))
        assertThat(same.comparison.previous!!.source).contains("20261122-121000")
        assertThat(Files.readString(out.resolve("index.html"))).contains("JMeter 5.6.3 on JDK 25")
    }

    @Test
    fun `a run is compared only with an earlier run of the same settings - smoke then full, full then smoke, full then full`(
        @TempDir out: Path, @TempDir runs: Path,
    ) {
        val smoke = settings + ("seedMessages" to "20000") + ("capacityRates" to "10,20")
        val full = settings + ("seedMessages" to "200000") + ("capacityRates" to "25,50,100,200,400,800")
        val first = generate("smoke", out, runs = runs, settings = smoke, now = Instant.parse("2026-11-22T12:00:00Z"))
        assertThat(first.comparison.previous).isNull()
        assertThat(first.comparison.previousNote).isEqualTo("no earlier run to compare with")

        val second = generate("smoke", out, runs = runs, settings = full, now = Instant.parse("2026-11-22T12:10:00Z"))
        assertThat(second.comparison.previous).describedAs("a full run after a smoke run").isNull()
        assertThat(second.comparison.previousNote).startsWith("no like run to compare with").contains("seedMessages 20000 → 200000")
        val html = Files.readString(out.resolve("index.html"))
        assertThat(html).contains("no like run to compare with").doesNotContain("⚑</td>").doesNotContain("this machine was")
        assertThat(MachineCheck.sentence(second.comparison)).contains("no like run to compare the machine with").doesNotContain("differs in")

        val third = generate("smoke", out, runs = runs, settings = full, now = Instant.parse("2026-11-22T12:20:00Z"))
        assertThat(third.comparison.previous!!.source).describedAs("two full runs").contains("20261122-121000")

        val fourth = generate("smoke", out, runs = runs, settings = smoke, now = Instant.parse("2026-11-22T12:30:00Z"))
        assertThat(fourth.comparison.previous!!.source).describedAs("a smoke run after full runs finds the earlier smoke run").contains("20261122-120000")
        assertThat(PreviousRun.readSettings(out.resolve("summary.csv"))).containsEntry("rounds", "3").containsEntry("seedMessages", "20000")
    }

    @Test
    fun `sends that ran five rounds are judged over five, the rest over their three, and the run's key says so`(@TempDir copy: Path, @TempDir out: Path) {
        val results = copy.resolve("results")
        Files.walk(fixture("smoke").resolve("results")).use { paths ->
            paths.forEach { Files.copy(it, results.resolve(fixture("smoke").resolve("results").relativize(it).toString())) }
        }
        for (round in 4..5) {
            Files.createDirectories(results.resolve("round-$round"))
            Files.copy(results.resolve("round-${round - 3}/sends.csv"), results.resolve("round-$round/sends.csv"))
        }
        val outcome = Report.generate(ReportInputs(results, out, settings, 0.0, 0.0), Instant.parse("2026-11-22T12:00:00Z"))
        val c = outcome.comparison
        assertThat(c.planRounds).containsExactlyInAnyOrderEntriesOf(mapOf("history" to 3, "sends" to 5))
        assertThat(c.roundsText).isEqualTo("3 rounds (sends 5)")
        assertThat(c.sendCapacity.map { it.capacity.rounds }).allMatch { it == 5 }
        // The warm path's samples come from a run of two rounds (fixtures/README.md).
        assertThat(c.readCapacity.associate { it.subject.key to it.capacity.rounds }).containsEntry("mysql-keyset", 3).containsEntry(Subjects.CACHE_WARM.key, 2)
            .allSatisfy { key, rounds -> assertThat(rounds).describedAs(key).isEqualTo(if (key == Subjects.CACHE_WARM.key) 2 else 3) }
        assertThat(MachineCheck.of(c)).describedAs("the machine check reads history's three rounds").isNotNull()
        assertThat(PreviousRun.readSettings(out.resolve("summary.csv"))).containsEntry("rounds", "history 3, sends 5")
        val html = Files.readString(out.resolve("index.html"))
        assertThat(html).contains("3 rounds (sends 5)").contains("round-5/sends/index.html").doesNotContain("round-4/history/index.html")
    }

    @Test
    fun `a run with failed samples fails the gate and names the reasons`(@TempDir out: Path) {
        val outcome = generate("failed", out)
        assertThat(outcome.passed).isFalse()
        assertThat(outcome.comparison.failedSamples).isEqualTo(4)
        assertThat(outcome.verdict).startsWith("FAILED").contains("4 failed")
        val failure = outcome.comparison.failures.first()
        assertThat(failure.label).isEqualTo("get chat messages [mongo-offset] reference")
        assertThat(failure.reasons.first().first).startsWith("HTTP 503")
        assertThat(failure.reasons.map { it.second }).containsExactly(3, 1)
        assertThat(Files.readString(out.resolve("index.html"))).contains("Failed samples").contains("not newest first at message 42")
            .contains("wrong answers (fail the run)")
        // The one wrong answer among four failures is named, so a FAILED run says where to look; the 503s are not.
        assertThat(outcome.comparison.wrongAnswers.map { it.label to it.count }).containsExactly("get chat messages [mongo-offset] reference" to 1)
        assertThat(Findings.run(outcome.comparison)).anySatisfy {
            assertThat(it).startsWith("Wrong answers, which fail the run: 1 in \"get chat messages [mongo-offset] reference\" (not newest first at message 42)")
        }
        assertThat(generate("failed", out, threshold = 5.0).passed).isTrue()
        val excusedSlowness = generate("failed", out, threshold = 0.0, unanswered = 5.0)
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
