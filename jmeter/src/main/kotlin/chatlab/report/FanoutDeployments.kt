package chatlab.report

/**
 * The fan-out across deployments: each room size's capacity on every deployment the run loaded in turn (the server's
 * `fleet.deployments`: broker × instances), side by side, and which carries more, only beyond the spreads.
 */
object FanoutDeployments {

    /** Room size → deployment → its capacity path, in the report's order; empty when the run loaded the fleet only. */
    private fun grid(paths: List<CapacityPath>): Map<Int, Map<String, CapacityPath>> =
        paths.mapNotNull { path ->
            val deployment = Subjects.deploymentOf(path.subject.key) ?: return@mapNotNull null
            Triple(Subjects.membersOf(path.subject.key) ?: return@mapNotNull null, deployment, path)
        }.groupBy({ it.first }, { it.second to it.third }).mapValues { (_, pairs) -> pairs.toMap() }

    /** A table of room size × deployment, each cell the capacity in deliveries per second, median of rounds (min–max). */
    fun table(paths: List<CapacityPath>, c: Comparison): Table? {
        val grid = grid(paths)
        if (grid.isEmpty()) return null
        val deployments = grid.values.flatMap { it.keys }.distinct()
        val named = c.environment.fleet?.deployments.orEmpty().associateBy { it.name }
        return Table(
            "Fan-out by deployment — capacity in offered deliveries per second at delivery p95 ≤ ${Format.ms(c.fanoutSlo)} ms, median of rounds (min–max)",
            listOf("room") + deployments.map { name ->
                named[name]?.let { "$name (${it.urls.size} instance${if (it.urls.size == 1) "" else "s"}, ${if (it.broker == "relay") "relay" else "simple broker"})" } ?: name
            },
            grid.map { (members, row) -> listOf("$members members") + deployments.map { d -> row[d]?.let { Findings.capacity(it) } ?: "–" } },
            grid.map { false },
        )
    }

    /**
     * Rooms whose lowest step's p95 already took half the SLO or more: one message's way to every member sets their p95,
     * whatever the rate, so the SLO is crossed near its floor and the capacity moves between rounds and runs.
     */
    fun floors(paths: List<CapacityPath>, slo: Double, previous: PreviousRun? = null): List<String> = paths.mapNotNull { path ->
        if (!atFloor(path, slo)) return@mapNotNull null
        val lowest = path.steps.minBy { it.rate }
        val spread = lowest.measured.spread { it.p95 }
        val rounds = if (spread.rounds == 1) "one round" else "median of ${spread.rounds} rounds (${Format.ms(spread.min)}–${Format.ms(spread.max)})"
        val vs = previous?.change("capacity", lowest.measured.label, "p95", spread)?.let { "; against the previous run ${it.text}" } ?: ""
        val lead = "Fan-out, ${path.subject.key}: p95 ${Format.ms(spread.median)} ms already at its lowest step (${Format.rate(lowest.rate)} offered deliveries/s, $rounds$vs): " +
            "one message's way to every member takes ${Format.share(spread.median / slo)} of the ${Format.ms(slo)} ms SLO at any rate, "
        val compare = "compare such rooms by their p95 at the lowest rate, not their capacity (not judged against the previous run)."
        if (spread.min > slo) lead + "over it in every round: the room has no capacity within this SLO on this machine; $compare"
        else lead + "so the rate decides little and its capacity (${Findings.rate(path.capacity)}) moves between rounds and runs; $compare"
    }

    /**
     * The fan-out's answer for the first screen: per room size, the deployment that carries the most, judged as [findings]
     * judges it, or, where capacity decides little, the lowest delivery p95 at the lowest rate every deployment ran in two
     * rounds or more ([floorFindings]); with one deployment, each room's capacity.
     */
    fun verdict(paths: List<CapacityPath>, slo: Double): Verdict? {
        if (paths.isEmpty()) return null
        val sizes = paths.mapNotNull { Subjects.membersOf(it.subject.key) }.distinct().sorted()
        val grid = grid(paths)
        val question = "What does a room of ${sizes.joinToString(", ")} members carry with delivery p95 ≤ ${Format.ms(slo)} ms" +
            if (grid.isEmpty()) "?" else ", and what does each deployment (broker × instances) cost?"
        if (grid.isEmpty()) {
            val rooms = paths.map { Verdict.Contender("${it.subject.key}:", it.crossing, Findings.judged(it.crossing)) }
            return Verdict(question, "one deployment: " + paths.joinToString("; ") { "${it.subject.key} ${Findings.rate(it.crossing)}" }, Verdict.figures(rooms))
        }
        val answers = mutableListOf<String>()
        val figures = mutableListOf<String>()
        for ((members, row) in grid) {
            if (row.values.any { atFloor(it, slo) }) {
                val rate = lowestSharedRate(row)
                if (rate == null || row.size < 2) {
                    answers += "$members members: no rate ran in two rounds on every deployment, not compared"
                    continue
                }
                val p95s = p95sAt(row, rate).map { (d, p95) -> Verdict.Contender(d, p95) }
                answers += "$members members, by p95 at ${Format.rate(rate)}/s: " + Verdict.lowest(p95s)
                figures += "$members members, p95 at ${Format.rate(rate)}/s: " + p95s.joinToString(", ") { "${it.name} ${Findings.ms(it.judged)}" }
            } else {
                val capacities = row.map { (d, p) -> Verdict.Contender(d, p.crossing) }
                answers += "$members members: " + Verdict.highest(capacities)
                figures += "$members members: " + capacities.joinToString(", ") { "${it.name} ${Findings.judged(it.judged)}" }
            }
        }
        return Verdict(question, answers.joinToString("; "), figures.joinToString("; "))
    }

    /** The lowest rate every deployment of a room size ran in two rounds or more; null when there is none. */
    private fun lowestSharedRate(row: Map<String, CapacityPath>): Double? =
        row.values.map { p -> p.steps.filter { it.rounds >= 2 }.map { it.rate }.toSet() }.reduce { a, b -> a intersect b }.minOrNull()

    /** Each deployment's delivery p95 at [rate] (one every deployment ran: [lowestSharedRate]), median of rounds (min–max). */
    private fun p95sAt(row: Map<String, CapacityPath>, rate: Double): Map<String, Spread> =
        row.mapValues { (_, p) -> p.steps.first { it.rate == rate }.measured.spread { it.p95 } }

    /** Whether [path]'s lowest step already took half the SLO (a fan-out room whose capacity decides little, see [floors]). */
    fun atFloor(path: CapacityPath, slo: Double): Boolean =
        path.steps.minByOrNull { it.rate }?.let { it.measured.median.p95 >= slo / 2 } ?: false

    /**
     * Per room size where capacity decides little (some deployment's lowest step took half the SLO, see [floors]): the
     * deployments by their delivery p95 at the lowest rate all of them ran in two rounds or more, median of rounds
     * (min–max); the lowest named only when its worst round lies below every other's best by more than JMeter's 1 ms.
     * A later round's ladder starts near the capacity found, so the lowest steps often ran in round 1 alone: a spread of
     * one round is a point, and no verdict rests on it.
     */
    fun floorFindings(paths: List<CapacityPath>, slo: Double): List<String> = grid(paths).mapNotNull { (members, row) ->
        if (row.size < 2 || row.values.none { atFloor(it, slo) }) return@mapNotNull null
        val rate = lowestSharedRate(row)
            ?: return@mapNotNull "Fan-out, a room of $members members, where capacity decides little: no rate ran in two rounds or more on " +
                "every deployment, so their p95s are not compared (a verdict needs the spread of several rounds)."
        val ranked = p95sAt(row, rate).entries.sortedBy { it.value.median }
        val (best, top) = ranked.first()
        val tied = ranked.drop(1).filterNot { top.clearlyBelow(it.value, Findings.RESOLUTION_MS) }
        val figures = ranked.joinToString("; ") { "${it.key} ${Findings.ms(it.value)}" }
        "Fan-out, a room of $members members, by delivery p95 at ${Format.rate(rate)} offered deliveries/s, where capacity decides little: " +
            if (tied.isEmpty()) "$best delivers fastest, beyond every spread ($figures)."
            else "$best is lowest but not told apart from ${tied.joinToString { it.key }} ($figures)."
    }

    /**
     * Per room size, the deployment that carries the most, judged as the read and send capacities are: where each round's
     * p95 reached the SLO, by the judged ranges alone ([Spread.crossingBelow]), not on the rungs held widened by the
     * ladder's 20 %, which flipped a verdict between two like runs whose crossings lay apart in both (jmeter README,
     * *Isolation and rounds*). Room sizes where capacity decides little ([atFloor] on some deployment) get no capacity
     * verdict: [floorFindings] compares them by their p95 at the lowest rate instead.
     */
    fun findings(paths: List<CapacityPath>, slo: Double): List<String> = grid(paths).mapNotNull { (members, row) ->
        if (row.size < 2 || row.values.any { atFloor(it, slo) }) return@mapNotNull null
        val ranked = row.entries.sortedByDescending { it.value.crossing.median }
        val (best, top) = ranked.first()
        val (below, tied) = ranked.drop(1).partition { it.value.crossing.crossingBelow(top.crossing) }
        val figures = "where p95 reached the SLO, in offered deliveries: " + ranked.joinToString("; ") { "${it.key} ${Findings.judged(it.value.crossing)}" }
        val lead = "Fan-out, a room of $members members: "
        if (tied.isEmpty()) lead + "$best carries the most, beyond every spread ($figures)."
        else lead + "$best is highest but not told apart from ${tied.joinToString { it.key }} ($figures; ${Findings.CAPACITY_TIE})" +
            (if (below.isEmpty()) "" else "; ${below.joinToString { it.key }} carr${if (below.size == 1) "ies" else "y"} less, beyond the spreads") + "."
    }
}
