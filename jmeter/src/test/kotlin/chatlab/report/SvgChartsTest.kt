package chatlab.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.io.ByteArrayInputStream
import javax.xml.parsers.DocumentBuilderFactory

class SvgChartsTest {
    private fun parse(svg: String) =
        DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(ByteArrayInputStream(svg.toByteArray()))

    private fun barWidths(svg: String): List<Double> {
        val rects = parse(svg).getElementsByTagName("rect")
        return (0 until rects.length).map { rects.item(it) }.filter { it.firstChild != null }
            .map { it.attributes.getNamedItem("width").nodeValue.toDouble() }
    }

    @Test
    fun `a chart is well-formed SVG with one bar per value and one legend entry per series`() {
        val svg = SvgCharts.bars(
            "latency <per> path", listOf("a", "b", "c"),
            listOf(SvgCharts.Series("p50", "#111", listOf(1.5, 20.0, 3000.0)), SvgCharts.Series("p95", "#222", listOf(2.0, 40.0, null))),
            "ms", log = true, marked = setOf("c"),
        )
        val doc = parse(svg)
        assertThat(doc.documentElement.tagName).isEqualTo("svg")
        assertThat(barWidths(svg)).hasSize(5)
        assertThat(doc.getElementsByTagName("rect").length).isEqualTo(5 + 2)
        assertThat(svg).contains("c ⚠").contains("latency &lt;per&gt; path")
    }

    @Test
    fun `bars grow with their values on both scales`() {
        for (log in listOf(true, false)) {
            val widths = barWidths(SvgCharts.bars("t", listOf("a", "b", "c"), listOf(SvgCharts.Series("s", "#000", listOf(2.0, 200.0, 20000.0))), "ms", log))
            assertThat(widths).describedAs("log=$log").isSorted()
            assertThat(widths[0]).describedAs("log=$log").isLessThan(widths[2])
        }
    }

    @Test
    fun `a line chart draws one polyline per path, a point per step and the SLO line`() {
        val svg = SvgCharts.lines(
            "p95 against offered load",
            listOf(SvgCharts.Line("mysql-keyset", "#111", listOf(25.0 to 3.0, 50.0 to 4.0, 100.0 to 60.0)), SvgCharts.Line("mongo-offset ⚠", "#222", listOf(5.0 to 120.0), dashed = true)),
            "arrivals per second", "p95 ms", limit = 50.0,
        )
        val doc = parse(svg)
        assertThat(doc.getElementsByTagName("polyline").length).isEqualTo(2)
        assertThat(doc.getElementsByTagName("circle").length).isEqualTo(4)
        assertThat(svg).contains("SLO 50").contains("stroke-dasharray=\"4 3\"")
        val ys = (0 until 3).map { doc.getElementsByTagName("circle").item(it).attributes.getNamedItem("cy").nodeValue.toDouble() }
        assertThat(ys).describedAs("higher latency is drawn higher up").isSortedAccordingTo(Comparator.reverseOrder())
    }

    @Test
    fun `legend entries with long names stand far enough apart not to overlap, and a title's parenthesis gets a line of its own`() {
        val names = listOf("10 members on simple-1-outbound16", "10 members on relay-1", "10 members on relay-2", "10 members on simple-1")
        val svg = SvgCharts.lines("p95 (median of rounds)", names.map { SvgCharts.Line(it, "#111", listOf(100.0 to 10.0)) }, "arrivals per second", "p95 ms", limit = 50.0)
        val texts = parse(svg).getElementsByTagName("text").let { list -> (0 until list.length).map { list.item(it) } }
            .filter { it.textContent in names }.associate { it.textContent to it.attributes.getNamedItem("x").nodeValue.toDouble() }
        val first = texts.getValue(names[0])
        val second = texts.getValue(names[1])
        assertThat(second - first).describedAs("the second entry starts past the first's 33 characters (7 px each)").isGreaterThanOrEqualTo(7.0 * names[0].length)
        val lines = parse(svg).getElementsByTagName("text").let { list -> (0 until list.length).map { list.item(it).textContent } }
        assertThat(lines.take(2)).containsExactly("p95", "(median of rounds)")
    }

    @Test
    fun `loose points are drawn hollow and left out of the line`() {
        val svg = SvgCharts.lines(
            "p95 against offered load",
            listOf(SvgCharts.Line("mysql-keyset", "#111", listOf(25.0 to 3.0, 100.0 to 60.0), loose = listOf(70.0 to 9.0, 84.0 to 70.0))),
            "arrivals per second", "p95 ms", limit = 50.0,
        )
        val doc = parse(svg)
        val joined = doc.getElementsByTagName("polyline").item(0).attributes.getNamedItem("points").nodeValue.trim().split(" ")
        assertThat(joined).hasSize(2)
        val circles = (0 until doc.getElementsByTagName("circle").length).map { doc.getElementsByTagName("circle").item(it).attributes }
        assertThat(circles.count { it.getNamedItem("fill").nodeValue == "white" }).isEqualTo(2)
        assertThat(circles.filter { it.getNamedItem("fill").nodeValue == "white" }.map { it.getNamedItem("cx").nodeValue })
            .describedAs("no loose point lies on the line's vertices").doesNotContainAnyElementsOf(joined.map { it.substringBefore(',') })
    }
}
