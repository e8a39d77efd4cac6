package chatlab.report

/**
 * One store of the sqlite experiment (SQLite with the driver's defaults, SQLite tuned, and MySQL for scale): its
 * history reads' and sends' average per duet block, their capacities, the chat mix, the counters' hot-row writes at the
 * most threads, and its failures.
 */
data class SqliteRow(
    val store: String,
    val readPath: String,
    val readCapacity: Spread?,
    val mix: Measured?,
    val sendCapacity: Spread?,
    val counterWrites: Spread?,
    val counterThreads: Int?,
    /** Its read path's and its sends' average latency per duet block (history's and the sends' duets); empty when not run. */
    val readBlocks: Map<Int, Double>,
    val sendBlocks: Map<Int, Double>,
    /** The durability promise its sends were compared at (the sends' duet's durable blocks), or null when it had none. */
    val sendPromise: String? = null,
    /** Samples on this store's paths and stores refused with SQLITE_BUSY (or SQLITE_LOCKED), over every round, overload included. */
    val busy: Long,
    val failed: Long,
    val failureCauses: List<Pair<String, Int>>,
) {
    companion object {
        val STORES = listOf("sqlite", "sqlite-tuned", "mysql")

        /**
         * The rows of a run that measured SQLite history reads or sends; none otherwise. [failed] are the failures the run counts
         * (not the capacity steps' deliberate overload), [all] every failed sample, for SQLITE_BUSY wherever it showed.
         */
        fun of(c: Comparison): List<SqliteRow> =
            of(c.countedFailed, c.samples.filterNot { it.success }, c.capacity, c.mix, CounterRow.of(c.samples), c.readDuet + c.sendDuet)

        fun of(
            failed: List<Sample>, all: List<Sample>, capacity: List<CapacityPath>, mix: List<MixRow>, counters: List<CounterRow>,
            duets: List<DuetRow> = emptyList(),
        ): List<SqliteRow> {
            val targets = setOf("sqlite", "sqlite-keyset", "sqlite-tuned", "sqlite-tuned-keyset")
            if (capacity.none { it.subject.key in targets } && mix.none { it.subject.key in targets } &&
                duets.none { DuetPromises.withoutPromise(it.contender) in targets }) return emptyList()
            // The sends' duet names a store with its promise: tuned against defaults only where both promise the same, durable.
            fun row(contender: String, sampler: String) = listOf(contender, "$contender ${DuetPromises.DURABLE}").firstNotNullOfOrNull { name ->
                duets.firstOrNull { it.contender == name && it.measured.label.startsWith(sampler) }
            }
            fun blocks(contender: String, sampler: String) = row(contender, sampler)?.blocks?.mapValues { it.value.mean }.orEmpty()
            fun byTarget(list: List<Sample>) = list.groupBy { SampleLabel.parse(it.label)?.target?.let(DuetPromises::withoutPromise) }
            val counted = byTarget(failed)
            val every = byTarget(all)
            return STORES.map { store ->
                val readPath = "$store-keyset"
                val mine = counted[store].orEmpty() + counted[readPath].orEmpty()
                val busy = (every[store].orEmpty() + every[readPath].orEmpty()).count { "SQLITE_BUSY" in it.failureReason() || "SQLITE_LOCKED" in it.failureReason() }
                val counter = counters.filter { it.store == store && it.mode == "counter" && it.threads != null }.maxByOrNull { it.threads!! }
                SqliteRow(
                    store = store,
                    readPath = readPath,
                    readCapacity = capacity.firstOrNull { it.sampler == Subjects.GET && it.subject.key == readPath }?.capacity,
                    mix = mix.firstOrNull { it.subject.key == readPath && it.kind == "all" }?.measured,
                    sendCapacity = capacity.firstOrNull { it.sampler == Subjects.SEND_TO_DELIVERY && it.subject.key == store }?.capacity,
                    counterWrites = counter?.measured?.spread { it.throughput },
                    counterThreads = counter?.threads,
                    readBlocks = blocks(readPath, Subjects.GET),
                    sendBlocks = blocks(store, Subjects.SEND_TO_DELIVERY),
                    sendPromise = row(store, Subjects.SEND_TO_DELIVERY)?.contender?.let(DuetPromises::of),
                    busy = busy.toLong(),
                    failed = mine.size.toLong(),
                    failureCauses = Audits.causes(mine),
                )
            }
        }
    }
}
