package chatlab.report

/** "What this run says": sentences computed from the rows, one per factor and shape, never canned. */
object Findings {
    private data class Factor(val name: String, val from: String, val to: String)

    private val factors = listOf(
        Factor("Store, offset pages", "mysql-offset", "mongo-offset"),
        Factor("Store, keyset pages", "mysql-keyset", "mongo-keyset"),
        Factor("Pagination on MySQL", "mysql-offset", "mysql-keyset"),
        Factor("Pagination on MongoDB", "mongo-offset", "mongo-keyset"),
        Factor("Redis cache on MongoDB keyset", "mongo-keyset", "mongo-redis-keyset"),
    )

    /** One sentence per shape: the fastest read path, by how much, on which backends. */
    fun headlines(comparison: Comparison): List<String> = comparison.shapes.filter { it.reads.isNotEmpty() }.map(::headline)

    private fun headline(tables: ShapeTables): String {
        val fastest = tables.reads.minBy { it.stats.mean }
        val slowest = tables.reads.maxBy { it.stats.mean }
        val base = tables.read(Subjects.BASELINE.key)
        val vsBase = if (base != null && base !== fastest) ", ${Format.change(base.stats.mean, fastest.stats.mean)} than ${base.subject.key} (${Format.ms(base.stats.mean)} ms)" else ""
        return "${tables.shape.title}: fastest read path is ${fastest.subject.key} at ${Format.ms(fastest.stats.mean)} ms average " +
            "(p95 ${Format.ms(fastest.stats.p95)} ms)$vsBase; slowest is ${slowest.subject.key} at ${Format.ms(slowest.stats.mean)} ms. " +
            "Backends: ${fastest.backends.joinToString(" + ")}" + if (fastest.standIn) " — a stand-in, not evidence about MongoDB." else "."
    }

    fun of(comparison: Comparison): List<String> = buildList {
        for (tables in comparison.shapes) {
            val prefix = "${tables.shape.title}:"
            for (factor in factors) {
                val from = tables.read(factor.from) ?: continue
                val to = tables.read(factor.to) ?: continue
                add("$prefix ${factor.name} (${factor.from} → ${factor.to}): " + describe(from, to) + caveat(from, to))
            }
            cacheSentence(tables)?.let { add("$prefix $it") }
            sendSentence(tables)?.let { add("$prefix $it") }
            val finished = tables.reads.filter { it.finishedLoops }.map { it.subject.key }
            if (finished.isNotEmpty()) {
                add("$prefix ${finished.joinToString()} finished every loop before the time cap, so its throughput " +
                    "measures the ramp-up rather than the server; compare throughput in the saturation shape.")
            }
        }
        if (comparison.failedSamples > 0) {
            val worst = comparison.failures.first()
            add("${Format.count(comparison.failedSamples)} of ${Format.count(comparison.totalSamples)} samples failed " +
                "(${Format.pct(comparison.errorPct)}); most in \"${worst.label}\": ${worst.reasons.first().first}.")
        }
    }

    private fun describe(from: Row, to: Row): String {
        val a = from.stats
        val b = to.stats
        return "average ${Format.ms(a.mean)} → ${Format.ms(b.mean)} ms (${Format.change(a.mean, b.mean)}), " +
            "p95 ${Format.ms(a.p95)} → ${Format.ms(b.p95)} ms, throughput ${Format.tps(a.throughput)} → ${Format.tps(b.throughput)}/s."
    }

    private fun caveat(from: Row, to: Row): String =
        if (from.standIn || to.standIn) " MongoDB here is the in-memory stand-in, which scans every document: this says nothing about real MongoDB." else ""

    private fun cacheSentence(tables: ShapeTables): String? {
        val cached = tables.read("mongo-redis-keyset") ?: return null
        val split = cached.cache ?: return null
        val hit = split.medians["hit"]
        val slow = listOfNotNull(split.medians["miss"], split.medians["partial"]).maxOrNull()
        val speed = if (hit != null && slow != null) " Median when Redis held the page ${Format.ms(hit)} ms, when MongoDB had to fill it ${Format.ms(slow)} ms." else ""
        return "the cache answered ${Format.pct(split.share("hit") * 100)} of ${Format.count(split.total.toLong())} " +
            "history reads on its own (partial ${Format.pct(split.share("partial") * 100)}, miss ${Format.pct(split.share("miss") * 100)}, " +
            "bypassed ${Format.pct(split.share("bypass") * 100)}).$speed" + if (split.share("hit") < 0.5) {
                " Most reads missed: random lastSentAt values over the whole data range reach pages nobody read before, so this run mostly measured filling the cache."
            } else {
                ""
            }
    }

    private fun sendSentence(tables: ShapeTables): String? {
        val mysql = tables.sends.firstOrNull { it.subject.key == "mysql" } ?: return null
        val mongo = tables.sends.firstOrNull { it.subject.key == "mongo" } ?: return null
        val bare = tables.bareSends.map { it.stats.mean }.maxOrNull()
        val bareNote = if (bare != null) " A bare STOMP SEND sample averages ${Format.ms(bare)} ms: it has no reply, so it measures nothing — which is why the public ~0 ms SEND figure said nothing." else ""
        return "send-to-delivery (SEND until the broadcast of that message arrives) averaged ${Format.ms(mysql.stats.mean)} ms on MySQL and " +
            "${Format.ms(mongo.stats.mean)} ms on MongoDB + Redis (${Format.change(mysql.stats.mean, mongo.stats.mean)}), " +
            "p95 ${Format.ms(mysql.stats.p95)} vs ${Format.ms(mongo.stats.p95)} ms.$bareNote"
    }
}
