package chatlab.report

/** One step of the pool sweep: a pool size and a path (a deep offset read or a hot-row write), over the rounds. */
data class PoolRow(
    val kind: String,
    val target: String,
    val size: Int,
    val measured: Measured,
    val failed: Long,
    val failureCauses: List<Pair<String, Int>>,
    /** The write step's audit (count = acknowledged views), per round; reads are not audited. */
    val audits: Audits?,
    /** The server machine's CPUs, for HikariCP's rule of thumb (cores × 2 + effective spindles). */
    val cores: Int?,
) {
    val errorPct: Spread get() = measured.spread { it.errorPct }

    companion object {
        private val LOAD = Regex("""^pool (read|write) \[([^\]]+)] size@([0-9]+)$""")
        private val AUDIT = Regex("""^pool audit \[([^\]]+)] size@([0-9]+)$""")

        /** A measured sample of the sweep: its timeouts, 503s and cut requests are the figure, not a fault. */
        fun isLoad(label: String): Boolean = LOAD.matches(label)

        fun of(samples: List<Sample>, cores: Int?): List<PoolRow> {
            val loads = samples.mapNotNull { s -> LOAD.matchEntire(s.label)?.let { Triple(it.groupValues[1], it.groupValues[2], it.groupValues[3].toInt()) to s } }
                .groupBy({ it.first }, { it.second })
            val audits = samples.mapNotNull { s -> AUDIT.matchEntire(s.label)?.let { it.groupValues[2].toInt() to s } }.groupBy({ it.first }, { it.second })
            return loads.keys.sortedWith(compareBy({ it.first }, { it.third })).map { k ->
                val list = loads.getValue(k)
                val failed = list.filterNot { it.success }
                PoolRow(
                    kind = k.first, target = k.second, size = k.third,
                    measured = Measured.of("pool ${k.first} [${k.second}] size@${k.third}", list),
                    failed = failed.size.toLong(),
                    failureCauses = Audits.causes(failed),
                    audits = if (k.first == "write") Audits.of(audits[k.third].orEmpty()) else null,
                    cores = cores,
                )
            }
        }
    }
}
