package chatlab.report

/**
 * One counters unit over the rounds of a run: a store and mode under `threads@N` closed-loop threads, its views measured
 * per round, failures by cause, and how many audits found no lost update. The duet's blocks are [CountersExperiment]'s.
 */
data class CounterRow(
    val store: String,
    val mode: String,
    val shape: String,
    val measured: Measured,
    val counted: Long,
    val failed: Long,
    val failureCauses: List<Pair<String, Int>>,
    val audits: Audits,
) {
    val invariant: String get() = audits.invariant

    /** The closed-loop threads of the unit. */
    val threads: Int? get() = shape.removePrefix("threads@").takeIf { shape.startsWith("threads@") }?.toIntOrNull()

    /** Failures whose cause names SQLite's lock (`SQLITE_BUSY`). */
    val busy: Long get() = failureCauses.filter { "SQLITE_BUSY" in it.first }.sumOf { it.second }.toLong()

    companion object {
        private val VIEW = Regex("""^view \[([a-z-]+) (counter|log)] (threads@[0-9]+)$""")
        private val COUNT = Regex("""^count \[([a-z-]+) (counter|log)] (threads@[0-9]+)$""")

        val STORES = listOf("mysql", "sqlite", "sqlite-tuned")

        fun of(samples: List<Sample>): List<CounterRow> {
            fun key(m: MatchResult) = Triple(m.groupValues[1], m.groupValues[2], m.groupValues[3])
            val views = samples.mapNotNull { s -> VIEW.matchEntire(s.label)?.let { key(it) to s } }.groupBy({ it.first }, { it.second })
            val audits = samples.mapNotNull { s -> COUNT.matchEntire(s.label)?.let { key(it) to s } }.groupBy({ it.first }, { it.second })
            val order = compareBy<Triple<String, String, String>>({ STORES.indexOf(it.first).let { i -> if (i < 0) STORES.size else i } }, { it.second },
                { it.third.removePrefix("threads@").toInt() })
            return views.keys.sortedWith(order).map { k ->
                val list = views.getValue(k)
                val failed = list.filterNot { it.success }
                val checks = audits[k].orEmpty()
                CounterRow(
                    store = k.first, mode = k.second, shape = k.third,
                    measured = Measured.of("view [${k.first} ${k.second}] ${k.third}", list),
                    counted = list.count { it.success }.toLong(),
                    failed = failed.size.toLong(),
                    failureCauses = Audits.causes(failed),
                    audits = Audits.of(checks),
                )
            }
        }
    }
}
