package chatlab.report

import chatlab.report.document.Block

/**
 * One audited fan-out step on the server's side: the mean time of each send-path stage (`chatlab.send.stage`, every
 * instance, counted since the previous step's audit) — `store` per message written, `broker` (publication to a member
 * session's outbound queue) and `outbound` (queue to the frame written) per delivery — the CPU the server and its
 * backends used per delivery from the last subscription to the audit ([cpuMicros], µs), the part of it the step's
 * deployment's own instances used ([deploymentCpuMicros]: the rest is the fleet's first instance and its idle deployments),
 * and the members' own p50 and p95 of a delivery, SEND to receipt, in that step.
 */
data class FanoutStep(
    val room: String,
    val round: Int,
    val rate: Double,
    val stages: Map<String, Double>,
    val p50: Double?,
    val p95: Double?,
    val cpuMicros: Double? = null,
    val deploymentCpuMicros: Double? = null,
)

/** Where a delivery's time went at each room size's capacity: the server's stages against what the members measured. */
object FanoutStages {
    private val audit = Regex("""^audit \[(${Subjects.ROOM_PATH})] capacity@([0-9.]+)$""")
    private val stage = Regex("""(\w+) ([0-9.]+) ms × (\d+)""")
    const val MARK = "; server stages, mean: "
    /** The audit's CPU per delivery, all in, and (when the step ran on a deployment) its own instances' part. */
    private val cpu = Regex("""; server CPU per delivery: ([0-9.]+) µs(?: \(server [0-9.]+, of it \S+ ([0-9.]+);)?""")
    val STAGES = listOf("store", "broker", "outbound")

    fun of(samples: List<Sample>): List<FanoutStep> {
        val deliveries = samples.filter { it.label.startsWith(Subjects.DELIVERY + " [") }.groupBy { it.label to it.round }
        return samples.mapNotNull { s ->
            val (room, rate) = audit.matchEntire(s.label)?.destructured ?: return@mapNotNull null
            val means = s.responseMessage.substringAfter(MARK, "").let { text -> stage.findAll(text).associate { it.groupValues[1] to it.groupValues[2].toDouble() } }
            val measured = deliveries[SampleLabel.of(Subjects.DELIVERY, room, "capacity@$rate") to s.round]?.let { Stats.of(it) }
            val cpuMicros = cpu.find(s.responseMessage)?.groups
            FanoutStep(room, s.round, rate.toDouble(), means, measured?.p50, measured?.p95, cpuMicros?.get(1)?.value?.toDouble(), cpuMicros?.get(2)?.value?.toDouble())
        }
    }

    /** Per round of [path], the step it held last, or ([beyond]) the first one it ran above that. */
    private fun steps(path: CapacityPath, all: List<FanoutStep>, beyond: Boolean): List<FanoutStep> =
        path.perRound.withIndex().mapNotNull { (i, held) ->
            val ran = all.filter { it.room == path.subject.key && it.round == i + 1 }
            if (beyond) ran.filter { it.rate > held }.minByOrNull { it.rate } else ran.firstOrNull { it.rate == held }
        }

    /** Each room's stages and delivery percentiles at its capacity and at the first step beyond it, medians of rounds (min–max). */
    fun table(paths: List<CapacityPath>, all: List<FanoutStep>): Table? {
        val rows = paths.flatMap { path -> listOf(false, true).mapNotNull { beyond -> row(path, steps(path, all, beyond), beyond) } }
        if (rows.isEmpty()) return null
        return Table(
            "Fan-out — where a delivery's time went: the server's send-path stages (mean ms, every instance) against the members' delivery " +
                "percentiles, and the CPU the server and its backends used per delivery (µs, stores included), at each room's capacity and at the " +
                "first step beyond it (median of rounds, min–max)",
            listOf("room", "step", "offered deliveries /s", "store write, per message", "broker hop, per delivery", "outbound queue + write, per delivery",
                "server stages of a delivery", "members' delivery p50", "members' delivery p95", "server + stores CPU per delivery (µs)",
                "of it, the deployment's own instances (µs)"),
            rows, rows.map { false },
        )
    }

    private fun row(path: CapacityPath, steps: List<FanoutStep>, beyond: Boolean): List<String>? {
        val counted = steps.filter { it.stages.keys.containsAll(STAGES) }
        if (counted.isEmpty()) return null
        fun spread(figure: (FanoutStep) -> Double?) = Spread.of(counted.mapNotNull(figure))?.let(Findings::ms) ?: "–"
        return listOf(
            path.subject.key, if (beyond) "first beyond" else "at capacity", rates(counted),
            spread { it.stages["store"] }, spread { it.stages["broker"] }, spread { it.stages["outbound"] },
            spread { serverShare(it) }, spread { it.p50 }, spread { it.p95 },
            micros(counted.mapNotNull { it.cpuMicros }), micros(counted.mapNotNull { it.deploymentCpuMicros }),
        )
    }

    private fun micros(values: List<Double>) = Spread.of(values)?.let { "${Format.ms(it.median)} µs (${Format.ms(it.min)}–${Format.ms(it.max)})" } ?: "–"

    /**
     * The rates [steps] ran, each once ("210 / 4,757"): rounds that found different capacities ran different steps, and a
     * median of two rates would be a rate no round ran.
     */
    private fun rates(steps: List<FanoutStep>): String = steps.map { it.rate }.distinct().sorted().joinToString(" / ") { Format.rate(it) }

    /** A delivery's mean time on the server: its message's store write, then its own broker hop and outbound stage. */
    fun serverShare(step: FanoutStep): Double = STAGES.sumOf { step.stages[it] ?: 0.0 }

    /** Where the time went at the largest room's capacity on each deployment (the fleet, without deployments), a sentence each. */
    fun findings(paths: List<CapacityPath>, all: List<FanoutStep>): List<String> =
        paths.groupBy { Subjects.deploymentOf(it.subject.key) }.values
            .mapNotNull { rooms -> rooms.maxByOrNull { Subjects.membersOf(it.subject.key) ?: 0 }?.let { finding(it, all) } }

    /** Where the time went at [path]'s capacity, in one sentence; null when its stages were not counted. */
    private fun finding(path: CapacityPath, all: List<FanoutStep>): String? {
        val at = steps(path, all, beyond = false).filter { it.stages.keys.containsAll(STAGES) && it.p50 != null }
        if (at.isEmpty()) return null
        fun median(figure: (FanoutStep) -> Double) = Spread.of(at.map(figure))!!.median
        val stages = STAGES.associateWith { s -> median { it.stages.getValue(s) } }
        val server = median(::serverShare)
        val p50 = median { it.p50!! }
        val largest = stages.maxBy { it.value }
        val rates = at.map { it.rate }.distinct()
        val where = if (rates.size == 1) "at its capacity (${rates(at)} offered deliveries/s" else "at each round's capacity (${rates(at)} offered deliveries/s"
        return "Fan-out, where the time went in the largest room (${path.subject.key}) $where; p95 ${Format.ms(median { it.p95 ?: 0.0 })} ms): on the server a delivery spent ${Format.ms(stages.getValue("store"))} ms " +
            "in its message's store write, ${Format.ms(stages.getValue("broker"))} ms in the broker hop and ${Format.ms(stages.getValue("outbound"))} ms " +
            "in the outbound queue and write (means, median of rounds), ${Format.ms(server)} ms in all, the most in the ${largest.key} stage; the " +
            "members' median delivery took ${Format.ms(p50)} ms, so " + (if (p50 > server) "${Format.ms(p50 - server)} ms of it lay outside these " +
            "stages (the SEND's way in, and the WebSocket and the member's client on the same cores)." else "the server's stages account for it.") +
            (Spread.of(at.mapNotNull { it.cpuMicros })?.let { " The server and its backends used ${Format.ms(it.median)} µs of CPU per delivery there, stores included" +
                (Spread.of(at.mapNotNull { d -> d.deploymentCpuMicros })?.let { d -> ", ${Format.ms(d.median)} µs of it in the deployment's own instances." } ?: ".") } ?: "")
    }
}
