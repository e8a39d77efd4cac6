package chatlab.report

/**
 * One seats strategy over the rounds of a run: every entry of the rush (seats, clean 409s and failures) measured
 * per round, the answers counted, the failures by cause, and how many rounds' audits found the invariant held.
 */
data class SeatRow(
    val strategy: String,
    val measured: Measured,
    val seated: Long,
    val refused: Long,
    val failed: Long,
    val failureCauses: List<Pair<String, Int>>,
    val audits: Audits,
) {
    val invariant: String get() = audits.invariant

    companion object {
        private val ENTER = Regex("""^enter \[([a-z-]+)] rush$""")
        private val AUDIT = Regex("""^audit \[([a-z-]+)]$""")

        /** Strategies in the order the plan runs them; others (none today) after them. */
        val ORDER = listOf("db-atomic", "db-lock", "redis-lock", "redis-gate")

        fun of(samples: List<Sample>): List<SeatRow> {
            val enters = samples.mapNotNull { s -> ENTER.matchEntire(s.label)?.let { it.groupValues[1] to s } }.groupBy({ it.first }, { it.second })
            val audits = samples.mapNotNull { s -> AUDIT.matchEntire(s.label)?.let { it.groupValues[1] to s } }.groupBy({ it.first }, { it.second })
            return enters.keys.sortedBy { ORDER.indexOf(it).let { i -> if (i < 0) ORDER.size else i } }.map { strategy ->
                val list = enters.getValue(strategy)
                val failed = list.filterNot { it.success }
                val checks = audits[strategy].orEmpty()
                SeatRow(
                    strategy = strategy,
                    measured = Measured.of("enter [$strategy] rush", list),
                    seated = list.count { it.success && it.responseCode == "200" }.toLong(),
                    refused = list.count { it.success && it.responseCode == "409" }.toLong(),
                    failed = failed.size.toLong(),
                    failureCauses = Audits.causes(failed),
                    audits = Audits.of(checks),
                )
            }
        }
    }
}
