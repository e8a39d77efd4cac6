package chatlab.report

import chatlab.report.method.Trial

/**
 * One contender of the pool sweep on one path (a deep offset read or a hot-row write): a pool size, or the A/A control's
 * twin (`10 again`), with its trial per block.
 */
data class PoolRow(
    val kind: String,
    val target: String,
    /** The size's name as the trials give it: `10`, or the twin's `10 again`. */
    val contender: String,
    val size: Int,
    /** Its figures per trial, in block order (runs without blocks: per round). */
    val measured: Measured,
    /** Its trials' statistics by block, for the paired ratios. */
    val blocks: Map<Int, Stats>,
    val failed: Long,
    val failureCauses: List<Pair<String, Int>>,
    /** The write step's audit (count = acknowledged views), per trial; reads are not audited. */
    val audits: Audits?,
    /** The server machine's CPUs, for HikariCP's rule of thumb (cores × 2 + effective spindles). */
    val cores: Int?,
) {
    val errorPct: Spread get() = measured.spread { it.errorPct }

    val twin: Boolean get() = contender.endsWith(Trial.TWIN)

    companion object {
        private val LOAD = Regex("""^pool (read|write) \[([^\]]+)] size@([0-9]+(?: again)?(?: block [0-9]+)?)$""")
        private val AUDIT = Regex("""^pool audit \[([^\]]+)] size@([0-9]+(?: again)?(?: block [0-9]+)?)$""")

        /** A measured sample of the sweep: its timeouts, 503s and cut requests are the figure, not a fault. */
        fun isLoad(label: String): Boolean = LOAD.matches(label)

        /** The contender and block of a shape `10 again block 3`; a shape without a block is the round's one trial. */
        private fun trial(shape: String, round: Int): Trial = Trial.parse(shape) ?: Trial(shape, round)

        fun of(samples: List<Sample>, cores: Int?): List<PoolRow> {
            val loads = samples.mapNotNull { s ->
                LOAD.matchEntire(s.label)?.let { m -> Triple(m.groupValues[1], m.groupValues[2], trial(m.groupValues[3], s.round)) to s }
            }.groupBy({ (key, _) -> Triple(key.first, key.second, key.third.contender) }, { (key, s) -> key.third.block to s })
            val audits = samples.mapNotNull { s -> AUDIT.matchEntire(s.label)?.let { trial(it.groupValues[2], s.round).contender to s } }
                .groupBy({ it.first }, { it.second })
            return loads.keys.sortedWith(compareBy({ it.first }, { it.third.substringBefore(' ').toInt() }, { it.third })).map { k ->
                val byBlock = loads.getValue(k).groupBy({ it.first }, { it.second }).toSortedMap()
                val list = byBlock.values.flatten()
                val failed = list.filterNot { it.success }
                val stats = byBlock.mapValues { Stats.of(it.value) }
                PoolRow(
                    kind = k.first, target = k.second, contender = k.third, size = k.third.substringBefore(' ').toInt(),
                    measured = Measured("pool ${k.first} [${k.second}] size@${k.third}", stats.values.toList()),
                    blocks = stats,
                    failed = failed.size.toLong(),
                    failureCauses = Audits.causes(failed),
                    audits = if (k.first == "write") Audits.of(audits[k.third].orEmpty()) else null,
                    cores = cores,
                )
            }
        }
    }
}
