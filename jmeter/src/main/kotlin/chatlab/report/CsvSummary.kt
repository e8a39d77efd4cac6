package chatlab.report

import java.util.Locale

/** `summary.csv`: one line per table row, plain numbers (ms, samples per second) for spreadsheets and scripts. */
object CsvSummary {
    private val header = listOf(
        "shape", "sampler", "subject", "backends", "stand_in", "samples", "errors", "error_pct", "avg_ms", "p50_ms",
        "p90_ms", "p95_ms", "p99_ms", "max_ms", "throughput_per_s", "avg_ratio_to_baseline", "tps_ratio_to_baseline",
        "cache_hit_share", "finished_loops",
    )

    fun render(comparison: Comparison): String = buildString {
        appendLine(header.joinToString(","))
        for (tables in comparison.shapes) {
            for ((sampler, rows) in listOf(Subjects.GET to tables.reads, Subjects.ENTER to tables.enters, Subjects.SEND_TO_DELIVERY to tables.sends, Subjects.BARE_SEND to tables.bareSends)) {
                for (row in rows) appendLine(line(tables.shape, sampler, row).joinToString(",", transform = ::quote))
            }
        }
    }

    private fun line(shape: Shape, sampler: String, row: Row): List<String> {
        val s = row.stats
        return listOf(
            shape.key, sampler, row.subject.key, row.backends.joinToString(" + "), row.standIn.toString(),
            s.samples.toString(), s.errors.toString(), num(s.errorPct), num(s.mean), num(s.p50), num(s.p90), num(s.p95),
            num(s.p99), num(s.max), num(s.throughput), row.avgRatio?.let(::num).orEmpty(), row.tpsRatio?.let(::num).orEmpty(),
            row.cache?.let { num(it.share("hit")) }.orEmpty(), row.finishedLoops.toString(),
        )
    }

    private fun num(value: Double) = String.format(Locale.ROOT, "%.4f", value).trimEnd('0').trimEnd('.')

    private fun quote(value: String) = if (value.any { it == ',' || it == '"' || it == '\n' }) "\"" + value.replace("\"", "\"\"") + "\"" else value
}
