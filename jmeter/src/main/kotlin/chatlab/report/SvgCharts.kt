package chatlab.report

import java.util.Locale
import kotlin.math.ceil
import kotlin.math.floor
import kotlin.math.log10
import kotlin.math.max
import kotlin.math.pow

/** Static SVG bar charts, so the report needs no script and no network to draw. */
object SvgCharts {
    data class Series(val name: String, val color: String, val values: List<Double?>)

    private const val WIDTH = 780
    private const val LEFT = 200
    private const val PLOT = 480
    private const val BAR = 12
    private const val GAP = 12
    private const val TOP = 52

    /** Horizontal grouped bars, one group per category; [log] scales the axis in powers of ten. */
    fun bars(title: String, categories: List<String>, series: List<Series>, unit: String, log: Boolean, marked: Set<String> = emptySet()): String {
        val values = series.flatMap { it.values }.filterNotNull().filter { it > 0 }
        val scale = if (log) LogScale(values) else LinearScale(values)
        val groupHeight = series.size * BAR + GAP
        val height = TOP + categories.size * groupHeight + 34
        val out = StringBuilder()
        out.append("""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 $WIDTH $height" width="$WIDTH" height="$height" role="img" aria-label="${esc(title)}" font-family="sans-serif" font-size="12">""")
        out.append("""<text x="0" y="16" font-size="14" font-weight="bold">${esc(title)}</text>""")
        series.forEachIndexed { i, s ->
            val x = LEFT + i * 110
            out.append("""<rect x="$x" y="26" width="10" height="10" fill="${s.color}"/><text x="${x + 14}" y="35">${esc(s.name)}</text>""")
        }
        for (tick in scale.ticks()) {
            val x = LEFT + scale.position(tick) * PLOT
            out.append("""<line x1="${f(x)}" y1="${TOP - 4}" x2="${f(x)}" y2="${height - 30}" stroke="#ddd"/>""")
            out.append("""<text x="${f(x)}" y="${height - 16}" text-anchor="middle" fill="#555">${esc(scale.label(tick))}</text>""")
        }
        out.append("""<text x="${LEFT + PLOT}" y="${height - 2}" text-anchor="end" fill="#555">${esc(unit)}${if (log) " (log scale)" else ""}</text>""")
        categories.forEachIndexed { c, category ->
            val y0 = TOP + c * groupHeight
            val mark = if (category in marked) " ⚠" else ""
            out.append("""<text x="${LEFT - 8}" y="${y0 + series.size * BAR / 2 + 4}" text-anchor="end">${esc(category + mark)}</text>""")
            series.forEachIndexed { s, ser ->
                val value = ser.values.getOrNull(c) ?: return@forEachIndexed
                val w = max(1.0, scale.position(value) * PLOT)
                val y = y0 + s * BAR
                out.append("""<rect x="$LEFT" y="$y" width="${f(w)}" height="${BAR - 2}" fill="${ser.color}"><title>${esc("$category ${ser.name}: ${Format.ms(value)} $unit")}</title></rect>""")
                out.append("""<text x="${f(LEFT + w + 4)}" y="${y + BAR - 3}" font-size="10" fill="#333">${esc(Format.ms(value))}</text>""")
            }
        }
        return out.append("</svg>").toString()
    }

    /**
     * One line of a line chart: points (x, y) in order of x, joined, with an optional [dashed] style; [loose] points are
     * drawn hollow and not joined (figures of weaker standing, such as a rate only one round ran).
     */
    data class Line(
        val name: String, val color: String, val points: List<Pair<Double, Double>>, val dashed: Boolean = false,
        val loose: List<Pair<Double, Double>> = emptyList(),
    )

    /**
     * Lines over a log-scaled x axis (offered arrival rate) and a log-scaled y axis (latency), with a horizontal
     * [limit] line (the SLO): the latency-vs-offered-load chart of the capacity shape.
     */
    fun lines(
        title: String, lines: List<Line>, xUnit: String, yUnit: String, limit: Double?, mark: Pair<Double, String>? = null,
        point: (Double, Double) -> String = { a, b -> "${Format.rate(a)}/s → p95 ${Format.ms(b)} ms" },
    ): String {
        val xs = lines.flatMap { l -> (l.points + l.loose).map { it.first } }.filter { it > 0 } + listOfNotNull(mark?.first)
        val ys = lines.flatMap { l -> (l.points + l.loose).map { it.second } }.filter { it > 0 } + listOfNotNull(limit)
        val x = LogScale(xs)
        val y = LogScale(ys)
        val left = 70
        // Legend entries as wide as the longest name (about 7 px a character at 12 px), as many a row as fit.
        val entry = max(150, 28 + 7 * (lines.maxOfOrNull { it.name.length } ?: 0))
        val perRow = ((WIDTH - left) / entry).coerceAtLeast(1)
        // A title with a parenthesis (how the figures were taken) gets it on a second, smaller line: one line of both ran
        // past the chart's width.
        val heading = title.substringBefore(" (")
        val note = title.removePrefix(heading).trim().takeIf { it.isNotEmpty() }
        val shift = if (note != null) 14 else 0
        val top = 66 + shift + ((lines.size - 1).coerceAtLeast(0) / perRow) * 14 // legend rows, then the y caption on a line of its own
        val width = 560
        val height = 300
        val out = StringBuilder()
        val total = top + height + 40
        out.append("""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 $WIDTH $total" width="$WIDTH" height="$total" role="img" aria-label="${esc(title)}" font-family="sans-serif" font-size="12">""")
        out.append("""<text x="0" y="16" font-size="14" font-weight="bold">${esc(heading)}</text>""")
        if (note != null) out.append("""<text x="0" y="31" font-size="11" fill="#555">${esc(note)}</text>""")
        lines.forEachIndexed { i, l ->
            val lx = left + (i % perRow) * entry
            val ly = 26 + shift + (i / perRow) * 14
            out.append("""<line x1="$lx" y1="${ly + 5}" x2="${lx + 16}" y2="${ly + 5}" stroke="${l.color}" stroke-width="2"${if (l.dashed) " stroke-dasharray=\"4 3\"" else ""}/><text x="${lx + 20}" y="${ly + 9}">${esc(l.name)}</text>""")
        }
        fun px(v: Double) = left + x.position(v) * width
        fun py(v: Double) = top + height - y.position(v) * height
        for (tick in x.ticks()) out.append("""<line x1="${f(px(tick))}" y1="$top" x2="${f(px(tick))}" y2="${top + height}" stroke="#ddd"/><text x="${f(px(tick))}" y="${top + height + 16}" text-anchor="middle" fill="#555">${esc(x.label(tick))}</text>""")
        for (tick in y.ticks()) out.append("""<line x1="$left" y1="${f(py(tick))}" x2="${left + width}" y2="${f(py(tick))}" stroke="#ddd"/><text x="${left - 6}" y="${f(py(tick) + 4)}" text-anchor="end" fill="#555">${esc(y.label(tick))}</text>""")
        out.append("""<text x="${left + width}" y="${top + height + 32}" text-anchor="end" fill="#555">${esc(xUnit)} (log scale)</text>""")
        out.append("""<text x="${left + width}" y="${top - 8}" text-anchor="end" fill="#555">${esc(yUnit)} (log scale)</text>""")
        if (limit != null) {
            out.append("""<line x1="$left" y1="${f(py(limit))}" x2="${left + width}" y2="${f(py(limit))}" stroke="#e15759" stroke-dasharray="6 4"/>""")
            out.append("""<text x="${left + width + 4}" y="${f(py(limit) + 4)}" fill="#e15759">SLO ${esc(Format.ms(limit))}</text>""")
        }
        if (mark != null) {
            out.append("""<line x1="${f(px(mark.first))}" y1="$top" x2="${f(px(mark.first))}" y2="${top + height}" stroke="#59a14f" stroke-dasharray="6 4"/>""")
            out.append("""<text x="${f(px(mark.first) + 4)}" y="${top + 12}" fill="#59a14f">${esc(mark.second)}</text>""")
        }
        for (l in lines) {
            for ((a, b) in l.loose) out.append("""<circle cx="${f(px(a))}" cy="${f(py(b))}" r="3" fill="white" stroke="${l.color}" stroke-width="1.5"><title>${esc("${l.name}: ${point(a, b)}")}</title></circle>""")
            if (l.points.isEmpty()) continue
            val path = l.points.joinToString(" ") { (a, b) -> "${f(px(a))},${f(py(b))}" }
            out.append("""<polyline points="$path" fill="none" stroke="${l.color}" stroke-width="2"${if (l.dashed) " stroke-dasharray=\"4 3\"" else ""}/>""")
            for ((a, b) in l.points) out.append("""<circle cx="${f(px(a))}" cy="${f(py(b))}" r="3" fill="${l.color}"><title>${esc("${l.name}: ${point(a, b)}")}</title></circle>""")
        }
        return out.append("</svg>").toString()
    }

    val PALETTE = listOf("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1", "#edc948")

    private interface Scale {
        fun position(value: Double): Double
        fun ticks(): List<Double>
        fun label(tick: Double): String
    }

    private class LogScale(values: List<Double>) : Scale {
        private val lo = floor(log10(values.minOrNull()?.coerceAtLeast(0.1) ?: 1.0))
        private val hi = max(lo + 1, ceil(log10(values.maxOrNull() ?: 10.0)))
        override fun position(value: Double) = ((log10(value.coerceAtLeast(10.0.pow(lo))) - lo) / (hi - lo)).coerceIn(0.0, 1.0)
        override fun ticks() = (lo.toInt()..hi.toInt()).map { 10.0.pow(it) }
        override fun label(tick: Double) = if (tick < 1) String.format(Locale.ROOT, "%.1f", tick) else String.format(Locale.ROOT, "%,.0f", tick)
    }

    private class LinearScale(values: List<Double>) : Scale {
        private val top = nice(values.maxOrNull() ?: 1.0)
        override fun position(value: Double) = (value / top).coerceIn(0.0, 1.0)
        override fun ticks() = (0..5).map { top * it / 5 }
        override fun label(tick: Double) = String.format(Locale.ROOT, if (top < 5) "%.1f" else "%,.0f", tick)

        private fun nice(value: Double): Double {
            val magnitude = 10.0.pow(floor(log10(value.coerceAtLeast(1e-9))))
            return listOf(1.0, 2.0, 2.5, 5.0, 10.0).map { it * magnitude }.first { it >= value }
        }
    }

    private fun f(value: Double) = String.format(Locale.ROOT, "%.1f", value)

    fun esc(text: String) = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
}
