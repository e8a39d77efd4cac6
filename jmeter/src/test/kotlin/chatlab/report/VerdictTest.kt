package chatlab.report

import chatlab.report.Verdict.Contender
import org.assertj.core.api.Assertions.assertThat
import org.jsoup.Jsoup
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.time.Instant

/** The report's first screen: each experiment's answer, judged on the spreads of its rounds, and linked to its section. */
class VerdictTest {
    private fun spread(median: Double, min: Double, max: Double, rounds: Int = 3) = Spread(median, min, max, rounds)

    @Test
    fun `the highest is named with how many times the next it carries, only when its range lies above every other's`() {
        val answer = Verdict.highest(listOf(
            Contender("mysql", spread(200.0, 180.0, 220.0)),
            Contender("sqlite-tuned", spread(400.0, 380.0, 420.0)),
        ))
        assertThat(answer).startsWith("sqlite-tuned, 2.0× mysql,").contains("beyond every spread")
    }

    @Test
    fun `overlapping ranges are not told apart, and a path clearly below them is named below`() {
        val answer = Verdict.highest(listOf(
            Contender("a", spread(500.0, 450.0, 560.0)),
            Contender("b", spread(520.0, 490.0, 540.0)),
            Contender("c", spread(100.0, 90.0, 110.0)),
        ))
        assertThat(answer).startsWith("b, a not told apart").endsWith("c less, beyond the spreads")
    }

    @Test
    fun `one round decides nothing, and one contender is only measured`() {
        assertThat(Verdict.highest(listOf(Contender("a", spread(5.0, 5.0, 5.0, 1)), Contender("b", spread(1.0, 1.0, 1.0, 1)))))
            .contains("not judged")
        assertThat(Verdict.highest(listOf(Contender("a", spread(5.0, 4.0, 6.0))))).isEqualTo("a, the only one measured")
    }

    @Test
    fun `the lowest latency wins only by more than JMeter's 1 ms beyond the spreads`() {
        val apart = Verdict.lowest(listOf(Contender("relay-2", spread(156.0, 117.0, 197.0)), Contender("simple-1", spread(60.0, 50.0, 70.0))))
        assertThat(apart).startsWith("simple-1; relay-2 takes 2.6× as long")
        val close = Verdict.lowest(listOf(Contender("x", spread(6.0, 5.6, 6.2)), Contender("y", spread(7.0, 6.8, 7.2))))
        assertThat(close).isEqualTo("x, y not told apart")
        val some = Verdict.lowest(listOf(Contender("relay-1", spread(137.0, 125.0, 150.0)), Contender("simple-1", spread(97.0, 80.0, 105.0)),
            Contender("outbound16", spread(109.0, 90.0, 120.0))))
        assertThat(some).isEqualTo("simple-1, outbound16 not told apart; relay-1 longer, beyond the spreads")
    }

    @Test
    fun `the report opens with the verdicts table, each experiment linked to its section, in the page and the Markdown`(@TempDir out: Path) {
        val results = Path.of(javaClass.getResource("/fixtures/smoke")!!.toURI()).resolve("results")
        val outcome = Report.generate(ReportInputs(results, out, mapOf("slo" to "50", "jmeter" to "5.6.3"), 0.0), Instant.parse("2026-11-22T12:00:00Z"))
        val page = Jsoup.parse(Files.readString(out.resolve("index.html")))
        val first = page.selectFirst("table")!!
        assertThat(first.hasClass("verdicts")).isTrue()
        val names = first.select("tbody tr td:first-child a")
        assertThat(names.eachText()).containsExactly("history", "sends", "sqlite")
        for (link in names) assertThat(page.getElementById(link.attr("href").removePrefix("#"))?.tagName()).describedAs(link.text()).isEqualTo("h2")
        val answers = first.select("tbody tr td:nth-child(3)").eachText()
        val highest = outcome.comparison.readCapacity.filterNot { it.instrument || it.standIn }.maxBy { it.crossing.median }.subject.key
        assertThat(answers[0]).startsWith(highest)
        val md = Files.readString(out.resolve("summary.md")).lines()
        val table = md.indexOfFirst { it.startsWith("| experiment | question | answer |") }
        assertThat(table).isPositive().isLessThan(md.indexOfFirst { it.startsWith("## ") })
        assertThat(md[table + 2]).startsWith("| [history](#history--chat-history-reads) |")
    }
}
