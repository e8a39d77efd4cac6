package chatlab.report

import kotlin.math.abs

/**
 * Whether this run repeated the previous like run's fan-out: for each room judged by its capacity (not one at its floor,
 * see [FanoutDeployments.floors]), the change of the median capacity, how many lie more than [AGREEMENT] apart and how
 * many beyond both spreads (⚑), and whether they all moved one way (by the crossings, which resolve finer). Such a shift
 * of the whole run is not the rounds' scatter (which has both signs); the machine check's probe then says whether the
 * machine's speed explains it (a like pair moved +19, +68, +41 and +19 %, one sign in every room).
 */
object FanoutRepeat {
    /** How far two like runs' capacities may lie apart and still agree: ±20 %. */
    const val AGREEMENT = 0.2

    /** The fewest rooms whose changes all share one sign before the run is said to have shifted as a whole. */
    const val MIN_SHIFTED = 3

    /** A change this small did not move: refined rungs differ by rounding (3,362 against 3,363/s). */
    const val STILL = 0.02

    fun finding(paths: List<CapacityPath>, c: Comparison): String? {
        val previous = c.previous ?: return null
        val judged = paths.filterNot { FanoutDeployments.atFloor(it, c.fanoutSlo) }
        fun changes(figure: String, of: (CapacityPath) -> Spread) = judged.mapNotNull { path ->
            previous.change("capacity", path.figureLabel, figure, of(path))?.let { path.subject.key to it }
        }
        val capacities = changes(PreviousRun.CAPACITY) { it.capacity }
        if (capacities.isEmpty()) return null
        val crossings = changes(PreviousRun.CROSSING) { it.crossing }
        val apart = capacities.count { abs(it.second.ratio - 1) > AGREEMENT }
        val agreement = if (apart == 0) "all within ±${Format.share(AGREEMENT)} of the previous like run's"
        else "$apart of ${capacities.size} more than ${Format.share(AGREEMENT)} from the previous like run's"
        fun listed(changes: List<Pair<String, PreviousRun.Change>>) = changes.joinToString("; ") { "${it.first} ${it.second.text}" }
        return "Fan-out, run against run (rooms judged by capacity): capacities ${listed(capacities)} — $agreement, " +
            "${capacities.count { it.second.beyondSpread }} beyond both runs' spreads (⚑)" +
            (if (crossings.isEmpty()) "." else "; where p95 reached the SLO ${listed(crossings)}.") + shift(crossings.ifEmpty { capacities }, c)
    }

    /**
     * Whether every room moved one way, by the crossings where both runs have them (interpolated, they resolve finer than
     * the rungs held: a like pair held +0, +19, +19, +19 % while its crossings all rose 15–19 %).
     */
    private fun shift(changes: List<Pair<String, PreviousRun.Change>>, c: Comparison): String {
        val higher = changes.count { it.second.ratio > 1 + STILL }
        val lower = changes.count { it.second.ratio < 1 - STILL }
        if (changes.size < MIN_SHIFTED || (higher < changes.size && lower < changes.size)) return ""
        return " All moved the same way (${if (higher > 0) "higher" else "lower"}): a shift of the whole run, not the rounds' scatter, which " +
            "has both signs; " + machine(c)
    }

    /** What the machine check's probe says of a shift: the machine's speed explains it, or does not. */
    private fun machine(c: Comparison): String {
        val probe = MachineCheck.probeChange(c) ?: return "the two runs do not both have the machine check's probe, so nothing here can lay it to the machine or clear it."
        return if (MachineCheck.moved(probe)) "the machine check's probe moved as well (${probe.text} in time), so the machine's speed explains some or all of it."
        else "the machine check's probe did not (${probe.text} in time${if (probe.beyondSpread) ", under ${Format.share(MachineCheck.NOTABLE)}" else ""}), so the machine's CPU speed does not explain it: look to what each run " +
            "starts afresh (the deployments' server instances, its JMeter) and to what the probe does not see (memory, the network stack)."
    }
}
