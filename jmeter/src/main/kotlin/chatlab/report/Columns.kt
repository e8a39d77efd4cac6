package chatlab.report

/** The columns every comparison table shows, in one place so HTML, Markdown and the console agree. */
object Columns {
    val HEADERS = listOf("path / store", "backends", "samples", "error %", "avg ms", "p50 ms", "p95 ms", "p99 ms", "max ms", "TPS", "avg vs baseline", "TPS vs baseline", "cache hits")

    fun cells(row: Row): List<String> {
        val s = row.stats
        return listOf(
            row.subject.key,
            row.backends.joinToString(" + ") + if (row.standIn) " ⚠ stand-in" else "",
            Format.count(s.samples),
            Format.pct(s.errorPct),
            Format.ms(s.mean),
            Format.ms(s.p50),
            Format.ms(s.p95),
            Format.ms(s.p99),
            Format.ms(s.max),
            Format.tps(s.throughput) + if (row.finishedLoops) " †" else "",
            Format.ratio(row.avgRatio),
            Format.ratio(row.tpsRatio),
            row.cache?.let { Format.pct(it.share("hit") * 100) } ?: "",
        )
    }

    const val FINISHED_NOTE = "† finished every loop before the time cap: this throughput measures the ramp-up, not the server."
    const val STAND_IN_NOTE = "⚠ stand-in: mongo-java-server keeps documents in memory and ignores secondary indexes; its rows say nothing about MongoDB."
}
