package chatlab.report

import chatlab.report.document.Block
import chatlab.report.method.PairedRatio
import chatlab.report.method.Ranking
import chatlab.report.method.Trial

/**
 * The durability promises of the sends' and the counters' duets (sendDuetPromises, viewDuetPromises): a block runs at one
 * promise and its contenders are named `<store> <promise>` (`<store> <mode> <promise>`; the twin `… <promise> again`). Stores are ranked at one promise within its blocks; a store's
 * two promises are paired block pair by block pair (blocks 1 and 2 are pair 1, in a shuffled order), seconds apart.
 */
object DuetPromises {
    const val DURABLE = "durable"
    const val RELAXED = "relaxed"
    val KEYS = listOf(DURABLE, RELAXED)

    /** What each promise means, as the report says it. */
    val MEANING = mapOf(
        DURABLE to "every acknowledged commit on disk (MySQL innodb_flush_log_at_trx_commit=1; SQLite fsyncs each commit: the " +
            "driver's defaults with their rollback journal and synchronous=FULL, tuned SQLite's WAL with synchronous=FULL)",
        RELAXED to "a machine crash may lose the last second, a process crash nothing (MySQL innodb_flush_log_at_trx_commit=2; tuned " +
            "SQLite's WAL with synchronous=NORMAL, the public guide's setting; a real MongoDB's defaults on one server, journal every 100 ms)",
    )

    /** The promise a contender was measured at, or null when its duet has none. */
    fun of(contender: String): String? = contender.removeSuffix(Trial.TWIN).substringAfterLast(' ', "").takeIf { it in KEYS }

    /** The contender without its promise: `mysql durable again` → `mysql again`. */
    fun withoutPromise(contender: String): String {
        val promise = of(contender) ?: return contender
        val twin = contender.endsWith(Trial.TWIN)
        return contender.removeSuffix(Trial.TWIN).removeSuffix(" $promise") + if (twin) Trial.TWIN else ""
    }

    /** The rows' contenders (twins apart) ranked per promise by their average per block; empty when the duet had none. */
    fun rankings(rows: List<DuetRow>, figure: String): Map<String, Ranking> = KEYS.mapNotNull { promise ->
        val mine = rows.filter { !it.twin && of(it.contender) == promise }
        Ranking.of(mine.associate { it.contender to it.blocks.mapValues { (_, s) -> s.mean } }, lowerIsBetter = true, figure = "$figure at $promise")
            ?.let { promise to it }
    }.toMap()

    /** Per store measured at both promises: its durable blocks' average against its relaxed ones', pair by pair. */
    fun costs(rows: List<DuetRow>, figure: String): List<PairedRatio> {
        fun pairs(row: DuetRow) = row.blocks.entries.associate { (block, s) -> (block + 1) / 2 to s.mean }
        val byName = rows.filterNot { it.twin }.associateBy { it.contender }
        return byName.keys.filter { of(it) == DURABLE }.mapNotNull { durable ->
            val relaxed = byName[durable.removeSuffix(" $DURABLE") + " $RELAXED"] ?: return@mapNotNull null
            val d = pairs(byName.getValue(durable))
            val r = pairs(relaxed)
            if (d.keys.none { it in r }) null else PairedRatio.of(durable, d, relaxed.contender, r, figure = "$figure, promise cost")
        }
    }

    /** `mysql durable / relaxed 1.40× (1.20–1.62, 6 pairs)`. */
    fun costText(r: PairedRatio): String = "${r.a.removeSuffix(" $DURABLE")} $DURABLE / $RELAXED " + Ranking.text(r).replace(" blocks", " pairs of blocks")

    /**
     * The disk's fsync times the promise samplers measured before each round's first block (`fsync p50 148 us, p99 927 us,
     * max 2997 us of 300 4096-byte writes`), as ranges over the measurements: `p50 148–160 µs, p99 845–927 µs (2
     * measurements of 300 writes)`; null when none was taken.
     */
    fun fsync(samples: List<Sample>): String? {
        val taken = samples.filter { it.label.startsWith("durability ") && "fsync" in it.responseMessage }.mapNotNull { FSYNC.find(it.responseMessage) }
        if (taken.isEmpty()) return null
        fun range(group: Int): String {
            val values = taken.map { it.groupValues[group].toLong() }
            return if (values.min() == values.max()) "${values.min()} µs" else "${values.min()}–${values.max()} µs"
        }
        val writes = taken.map { it.groupValues[4] }.distinct().joinToString("/")
        return "p50 ${range(1)}, p99 ${range(2)}, max ${range(3)} (${taken.size} measurement${if (taken.size > 1) "s" else ""} of $writes writes)"
    }

    private val FSYNC = Regex("""fsync p50 (\d+) us, p99 (\d+) us, max (\d+) us of (\d+) """)

    /** What the promises are and how the blocks were laid out, with the disk's fsync times; null when the duet had none. */
    fun text(rows: List<DuetRow>, samples: List<Sample>, note: String = ""): Block.Text? {
        val promises = KEYS.filter { p -> rows.any { of(it.contender) == p } }
        if (promises.isEmpty()) return null
        val fsync = fsync(samples)
        return Block.Text(
            "Durability: every block runs at one promise" + (if (promises.size > 1) ", the blocks in pairs, one at each promise in a shuffled order" else "") +
                ". " + promises.joinToString(" ") { "${it.replaceFirstChar(Char::uppercase)}: ${MEANING.getValue(it)}." } +
                " Stores are ranked only against stores at the same promise in the same blocks; a store's two promises are paired " +
                "block pair by block pair, seconds apart. The A/A twin runs at both. " + (if (note.isBlank()) "" else "$note ") +
                (if (fsync == null) "The disk's fsync time was not measured."
                else "The disk's own floor under a durable commit, one 4 KB write and fdatasync in the stores' directory, as the server " +
                    "timed it before each round's first block: $fsync."),
        )
    }
}
