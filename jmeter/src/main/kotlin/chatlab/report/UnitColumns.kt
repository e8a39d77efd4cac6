package chatlab.report

import java.util.Locale

/** The "where the time and the CPU went" table, shared by the HTML and Markdown reports. */
object UnitColumns {
    val HEADERS = listOf(
        "plan", "round", "JMeter engines", "unit", "seconds", "started idle", "drain after (ms)", "server CPU s", "MariaDB + Redis CPU s", "JMeter CPU s", "other CPU s", "stolen", "machine probe (ms)", "busy cores", "CPUs: server / JMeter",
        "messages at start", "messages sent",
    )

    fun cells(u: UnitAccount): List<String> = listOf(
        u.plan, u.round.toString(), u.engines.toString(), u.unit, s(u.seconds), if (u.startedIdle) "yes" else "NO", Format.count(u.drainMs),
        s(u.serverCpu), s(u.backendsCpu), s(u.jmeterCpu), u.otherCpu?.let { s(it) } ?: "?", u.stealShare?.let { pct(it) } ?: "?",
        u.probeMs?.let { String.format(Locale.ROOT, "%.1f", it) } ?: "?", "${s(u.busyCores)} of ${u.cores}", "${u.serverCpus} / ${u.jmeterCpus}",
        u.storeMessages?.let { Format.count(it) } ?: "–", u.wroteMessages?.let { Format.count(it) } ?: "–",
    )

    /** One sentence on the whole run: wall time, CPU by process, units that did not start idle. */
    fun summary(units: List<UnitAccount>): String {
        val seconds = units.sumOf { it.seconds }
        val server = units.sumOf { it.serverCpu }
        val backends = units.sumOf { it.backendsCpu }
        val jmeter = units.sumOf { it.jmeterCpu }
        val total = server + backends + jmeter
        val busy = units.filterNot { it.startedIdle }
        return "${units.size} units in ${s(seconds)} s of load; CPU: server ${share(server, total)}, MariaDB + Redis ${share(backends, total)}, " +
            "JMeter ${share(jmeter, total)} of ${s(total)} CPU seconds, ${placement(units)}. ${engines(units)}${machine(units)}${stores(units)}" +
            if (busy.isEmpty()) "Every unit started on an idle server." else "${busy.size} units started on a server that was still busy: ${busy.joinToString { it.unit }}."
    }

    /**
     * The run's load time against the main command's budget on 2 cores: wall time from the first measured unit to the
     * last (JMeter's start-ups and dashboards between plans included; the server's start and warm-up before it not), and
     * the history and sends plans' own spans. The budget is for the main command's load settings: a run that [changed]
     * some (-Pthorough, the test command, -Dload.*) gets its times without a verdict. Null without timed units.
     */
    fun budgetCheck(units: List<UnitAccount>, changed: List<String> = emptyList()): String? {
        val timed = units.filter { it.startedAt > 0 }
        if (timed.isEmpty()) return null
        val all = (timed.maxOf { it.endedAt } - timed.minOf { it.startedAt }) / 60_000.0
        val chat = timed.filter { it.plan in CHAT_PLANS }.groupBy { it.plan to it.round }.values
            .sumOf { list -> list.maxOf { it.endedAt } - list.minOf { it.startedAt } } / 60_000.0
        fun against(minutes: Double, budget: Int) =
            "${m(minutes)} min" + if (changed.isEmpty()) " (budget $budget min: ${if (minutes <= budget) "within" else "OVER"})" else ""
        val times = "Load time, from the first measured unit to the last: ${against(all, ALL_BUDGET_MIN)}" +
            (if (chat > 0) "; history + sends: ${against(chat, CHAT_BUDGET_MIN)}" else "")
        return if (changed.isEmpty()) "$times. The main command has 30 min on 2 cores for all seven experiments; its build, the " +
            "server's start and seeding and the warm-up take about 5 of them and are not counted here."
        else "$times. The main command's budget ($ALL_BUDGET_MIN min of load, history + sends $CHAT_BUDGET_MIN, of its 30 min on 2 cores) " +
            "is for its own settings; this run changed ${changed.size} of them (${changed.take(4).joinToString()}" +
            "${if (changed.size > 4) ", …" else ""}), so it is not held against it."
    }

    /** The load settings whose value in [settings] is not their default in [defaults] (what -Dexperiments selects aside). */
    fun changed(settings: Map<String, String>, defaults: Map<String, String>): List<String> =
        defaults.keys.filter { it !in SELECTED && settings[it] != null && settings[it] != defaults[it] }

    /** Where the load time went: per plan and shape, seconds of units plus the drains before them, over all rounds. */
    fun budget(units: List<UnitAccount>): List<String> = units.groupBy { it.plan to it.unit.substringBefore(' ') }.map { (key, list) ->
        val seconds = list.sumOf { it.seconds } + list.sumOf { it.drainMs } / 1000.0
        val slowest = list.groupBy { it.unit }.mapValues { (_, l) -> l.sumOf { it.seconds } }.maxBy { it.value }
        val rounds = list.maxOf { it.round }
        "${key.first}, ${key.second}: ${s(seconds)} s over $rounds round${if (rounds == 1) "" else "s"} (longest unit: ${slowest.key}, ${s(slowest.value)} s in all)"
    }

    /**
     * What else took CPU from the run: other processes on the machine, and the hypervisor (steal). A unit that lost
     * more than [STEAL_WARNING] of its CPU time to steal ran on a slower machine than the others: its figures say so.
     */
    private fun machine(units: List<UnitAccount>): String {
        val measured = units.filter { it.steal != null }
        if (measured.isEmpty()) return ""
        val other = measured.sumOf { it.otherCpu ?: 0.0 }
        val stolen = measured.sumOf { it.steal!! } / measured.sumOf { it.seconds * it.cores }.coerceAtLeast(1e-9)
        val worst = measured.maxBy { it.stealShare ?: 0.0 }
        val warn = measured.filter { (it.stealShare ?: 0.0) > STEAL_WARNING }
        return "Other processes on the machine used ${s(other)} CPU s; the hypervisor took ${pct(stolen)} of the CPU time " +
            "(most in ${worst.unit}, round ${worst.round}: ${pct(worst.stealShare ?: 0.0)})" +
            (if (warn.isEmpty()) ". " else "; ${warn.size} units lost more than ${pct(STEAL_WARNING)}: compare them with care. ")
    }

    /**
     * Which rounds ran on several JMeter engines, when not all did alike (the test command runs every plan's second round
     * on two loopback engines, while the environment line names the run's -Djmeter.remotes).
     */
    private fun engines(units: List<UnitAccount>): String {
        val counts = units.map { it.engines }.toSet()
        if (counts == setOf(1)) return ""
        if (counts.size == 1) return "Every unit's load came from ${counts.single()} JMeter engines. "
        val rounds = units.filter { it.engines > 1 }.groupBy { it.plan to it.round }.entries
            .joinToString { (key, list) -> "${key.first} round ${key.second} on ${list.maxOf { it.engines }}" }
        return "Rounds whose load came from several JMeter engines: $rounds; the others' from one. "
    }

    /**
     * The data every unit of the plans that restore the seed ran on: the stores' size at its start (the seed's, when
     * every restore left nothing behind) and what the units sent into them, which the next restore removed.
     */
    private fun stores(units: List<UnitAccount>): String {
        val restored = units.filter { it.storeMessages != null }
        if (restored.isEmpty()) return ""
        val sizes = restored.mapNotNull { it.storeMessages }
        val size = if (sizes.min() == sizes.max()) "the same ${Format.count(sizes.min())} messages" else "${Format.count(sizes.min())}–${Format.count(sizes.max())} messages"
        val senders = restored.filter { (it.wroteMessages ?: 0) > 0 }
        val most = senders.maxByOrNull { it.wroteMessages!! }
        return "The ${restored.map { it.plan }.distinct().joinToString()} units each started on $size in the largest store" +
            (if (most == null) ". " else "; they sent ${Format.count(senders.sumOf { it.wroteMessages!! })} in all, which a restore " +
                "to the seed removed before the next unit (most: ${most.unit}, round ${most.round}, ${Format.count(most.wroteMessages!!)}). ")
    }

    /** Shared, or who was pinned where (the first unit's placement; pinning happens before it). */
    private fun placement(units: List<UnitAccount>): String {
        val first = units.firstOrNull() ?: return "placement unknown"
        return if (first.serverCpus == first.jmeterCpus) "shared by the server, its backends and JMeter (CPUs ${first.serverCpus})"
        else "the server and its backends pinned to CPUs ${first.serverCpus}, JMeter to ${first.jmeterCpus}"
    }

    private fun share(part: Double, total: Double) = if (total > 0) String.format(Locale.ROOT, "%.0f %%", part * 100 / total) else "–"

    private fun m(value: Double) = String.format(Locale.ROOT, "%.1f", value)

    private fun s(value: Double) = String.format(Locale.ROOT, "%.1f", value)

    private fun pct(share: Double) = String.format(Locale.ROOT, "%.1f %%", share * 100)

    private val CHAT_PLANS = setOf("history", "sends")
    /** Settings the build derives from -Dexperiments: which paths run, not how deep. */
    private val SELECTED = setOf("historyPaths", "sendsPaths", "sqlitePaths")
    private const val CHAT_BUDGET_MIN = 15
    private const val ALL_BUDGET_MIN = 25

    /** Steal above this share of a unit's CPU time marks the unit as measured on a slowed machine. */
    const val STEAL_WARNING = 0.05
}
