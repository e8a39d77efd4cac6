package chatlab.report

import chatlab.report.method.Trial

/**
 * One seats contender over a run: a strategy, or the A/A control's twin (`db-atomic again`), every entry of its rushes
 * (seats, clean 409s and failures) measured per trial (per block; a run without blocks: per round), the answers
 * counted, the failures by cause, and how many trials' audits found the invariant held.
 */
data class SeatRow(
    /** The contender's name as the trials give it: the strategy, or its twin's `<strategy> again`. */
    val strategy: String,
    val measured: Measured,
    /** Its trials' statistics by block, for the paired ratios. */
    val blocks: Map<Int, Stats>,
    val seated: Long,
    val refused: Long,
    val failed: Long,
    val failureCauses: List<Pair<String, Int>>,
    val audits: Audits,
) {
    val invariant: String get() = audits.invariant

    val twin: Boolean get() = strategy.endsWith(Trial.TWIN)

    companion object {
        private val ENTER = Regex("""^enter \[([^\]]+)] rush$""")
        private val AUDIT = Regex("""^audit \[([^\]]+)]$""")

        /** The round's unmeasured first rush (scripts/seats-trials.groovy): `enter [warm-up] rush`. */
        const val WARM_UP = "warm-up"

        /** Strategies in the order the plan names them; others after them, each twin after its strategy. */
        val ORDER = listOf("db-atomic", "db-lock", "redis-lock", "redis-gate")

        /** The contender and block of `db-lock block 3`; a shape without a block is the round's one trial. */
        private fun trial(shape: String, round: Int): Trial = Trial.parse(shape) ?: Trial(shape, round)

        fun of(samples: List<Sample>): List<SeatRow> {
            val enters = samples.mapNotNull { s -> ENTER.matchEntire(s.label)?.let { trial(it.groupValues[1], s.round) to s } }
                .filter { it.first.contender != WARM_UP }
                .groupBy({ it.first.contender }, { it.first.block to it.second })
            val audits = samples.mapNotNull { s -> AUDIT.matchEntire(s.label)?.let { trial(it.groupValues[1], s.round).contender to s } }
                .groupBy({ it.first }, { it.second })
            val order = compareBy<String>({ ORDER.indexOf(it.removeSuffix(Trial.TWIN)).let { i -> if (i < 0) ORDER.size else i } }, { it })
            return enters.keys.sortedWith(order).map { strategy ->
                val byBlock = enters.getValue(strategy).groupBy({ it.first }, { it.second }).toSortedMap()
                val list = byBlock.values.flatten()
                val failed = list.filterNot { it.success }
                val stats = byBlock.mapValues { Stats.of(it.value) }
                SeatRow(
                    strategy = strategy,
                    measured = Measured("enter [$strategy] rush", stats.values.toList()),
                    blocks = stats,
                    seated = list.count { it.success && it.responseCode == "200" }.toLong(),
                    refused = list.count { it.success && it.responseCode == "409" }.toLong(),
                    failed = failed.size.toLong(),
                    failureCauses = Audits.causes(failed),
                    audits = Audits.of(audits[strategy].orEmpty()),
                )
            }
        }
    }
}
