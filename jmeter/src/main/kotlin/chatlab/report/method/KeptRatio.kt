package chatlab.report.method

import chatlab.report.ResultsCsv
import chatlab.report.method.PairedRatio.Call
import java.nio.file.Files
import java.nio.file.Path
import java.util.Locale

/**
 * A paired ratio as a run keeps it beside its figures (`ratios.csv`), so that the next like run can set its own
 * against it ([RatioRepeat]): the experiment, whether the ratio is a verdict's or an A/A [control]'s, what it compares
 * ([figure]), the two contenders and the estimate `a / b` with its interval over [blocks].
 */
data class KeptRatio(
    val experiment: String,
    val control: Boolean,
    val figure: String,
    val a: String,
    val b: String,
    val estimate: Double,
    val low: Double?,
    val high: Double?,
    val blocks: Int,
) {
    /** What matches it in another run: the same experiment, kind and figure, and the same two contenders either way round. */
    val key: String get() = listOf(experiment, control.toString(), figure, listOf(a, b).sorted().joinToString(" | ")).joinToString(" / ")

    val call: Call get() = PairedRatio.call(low, high, Ranking.MARGIN)

    /** This ratio with [a] on top: itself, or `b / a` (estimate and interval inverted). */
    fun over(a: String): KeptRatio = if (a == this.a) this
        else copy(a = b, b = this.a, estimate = 1 / estimate, low = high?.let { 1 / it }, high = low?.let { 1 / it })

    fun text(): String = "$experiment $a / $b, $figure: ${Ranking.text(estimate, low, high, blocks)}"

    companion object {
        /** Beside every kept `summary.csv`. */
        const val FILE = "ratios.csv"

        private val HEADER = listOf("experiment", "kind", "figure", "a", "b", "estimate", "low", "high", "blocks")

        fun of(experiment: String, control: Boolean, r: PairedRatio) =
            KeptRatio(experiment, control, r.figure, r.a, r.b, r.estimate, r.low, r.high, r.blocks)

        fun render(ratios: List<KeptRatio>): String = buildString {
            appendLine(HEADER.joinToString(","))
            for (r in ratios) {
                appendLine(listOf(r.experiment, if (r.control) "control" else "verdict", r.figure, r.a, r.b, num(r.estimate), num(r.low), num(r.high), r.blocks.toString())
                    .joinToString(",") { if (',' in it || '"' in it) "\"" + it.replace("\"", "\"\"") + "\"" else it })
            }
        }

        /** The ratios kept beside [summary] (a kept run's `summary.csv`); empty for a run that kept none. */
        fun read(summary: Path): List<KeptRatio> {
            val file = summary.resolveSibling(FILE)
            if (!Files.isRegularFile(file)) return emptyList()
            return Files.newBufferedReader(file).use { reader ->
                val records = ResultsCsv.records(reader).toList()
                if (records.firstOrNull() != HEADER) return emptyList()
                records.drop(1).filter { it.size == HEADER.size }.map {
                    KeptRatio(it[0], it[1] == "control", it[2], it[3], it[4], it[5].toDouble(), it[6].toDoubleOrNull(), it[7].toDoubleOrNull(), it[8].toInt())
                }
            }
        }

        private fun num(value: Double?) = value?.let { String.format(Locale.ROOT, "%.4f", it) } ?: ""
    }
}
