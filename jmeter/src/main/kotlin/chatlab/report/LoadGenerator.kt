package chatlab.report

/**
 * The load generator's share of the CPU beside an experiment's figures: JMeter runs on the server's cores, so where it
 * used more CPU than the server and its backends over the experiment's units, a capacity there is as much the
 * instrument's limit as the server's, a floor for the server on cores of its own.
 */
object LoadGenerator {
    /** The sentence for [plan]'s units (called [title] in the text); [heavy] says why JMeter costs more, where it did. */
    fun sentence(c: Comparison, plan: String, title: String, heavy: String = "Its clients cost more than the server they measure"): String? {
        val units = c.units.filter { it.plan == plan }
        if (units.isEmpty()) return null
        val jmeter = units.sumOf { it.jmeterCpu }
        val server = units.sumOf { it.serverCpu + it.backendsCpu }
        if (jmeter + server <= 0) return null
        val share = Format.share(jmeter / (jmeter + server))
        val cores = units.maxOf { it.cores }
        return "$title, the load generator: over its units JMeter used ${Format.ms(jmeter)} CPU s, the server and its backends " +
            "${Format.ms(server)} ($share of their sum is JMeter's, on $cores cores shared). " + if (jmeter > server)
            "$heavy: where the cores ran out, the load generator was as much the limit as the server, so these capacities are a floor for the server " +
                "on cores of its own."
        else "The server used more than the clients measuring it: the capacities are the server's on these cores, shared with its load generator."
    }
}
