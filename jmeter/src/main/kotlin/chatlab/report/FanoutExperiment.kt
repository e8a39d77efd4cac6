package chatlab.report

import chatlab.report.document.Block
import chatlab.report.document.Section

/**
 * Fan-out: per room size, the most offered deliveries per second (members × sends per second) whose delivery p95, from
 * a SEND to each member's receipt, stays within the fan-out SLO, every step audited. The broker and the instances are
 * the run's (see the environment).
 */
/** The fan-out's SLO: a delivery's p95, SEND to a member's receipt (`fanoutSlo`, else the run's). */
val Comparison.fanoutSlo: Double get() = FanoutExperiment.ladders.single().slo(environment, slo)

/** Fan-out: per room size, the offered deliveries per second its delivery p95 held within [fanoutSlo]. */
val Comparison.fanoutCapacity: List<CapacityPath> get() = capacityOf(FanoutExperiment)

object FanoutExperiment : Experiment {
    override val name = "fanout"

    /** Per room size (and deployment), the offered deliveries per second whose delivery p95 holds within `fanoutSlo`. */
    override val ladders = listOf(Ladder(Subjects.DELIVERY, "fanoutSlo", ::roomSizes))

    /** The fan-out plan's room sizes that ran, smallest first, each on its deployments in the server's order. */
    private fun roomSizes(labels: Collection<SampleLabel>, environment: Environment): List<Subject> {
        val order = environment.fleet?.deployments.orEmpty().map { it.name }
        return labels.filter { it.sampler == Subjects.DELIVERY }.map { it.target }.distinct()
            .filter { Subjects.membersOf(it) != null }
            .sortedWith(compareBy({ Subjects.membersOf(it) }, { key -> Subjects.deploymentOf(key)?.let { order.indexOf(it) } ?: -1 }, { it }))
            .map { Subjects.roomSize(it) }
    }

    /** The run's audits, one per room size and deployment. */
    fun audits(c: Comparison): List<FanoutAudit> = FanoutAudit.of(c.samples)

    /** The audited steps with the server's send-path stages. */
    fun steps(c: Comparison): List<FanoutStep> = FanoutStages.of(c.samples)

    /** The blocks' verdict where the run measured them (a deployment's delivery at one load); else the ladders'. */
    override fun verdict(c: Comparison): Verdict? =
        FanoutTrials.verdict(c.fanoutTrials, c.environment.settings) ?: FanoutDeployments.verdict(c.fanoutCapacity, c.fanoutSlo)

    override fun section(c: Comparison): Section? {
        val paths = c.fanoutCapacity
        val trials = c.fanoutTrials
        if (paths.isEmpty() && trials.isEmpty() && audits(c).isEmpty()) return null
        return Section("Fan-out — a message from SEND to every member of its room", buildList {
            if (trials.isNotEmpty()) {
                add(FanoutTrials.text(c.environment.settings))
                add(FanoutTrials.table(trials))
            }
            add(Block.Text(explanation(c)))
            if (paths.isNotEmpty()) {
                add(charts(paths, c))
                add(Columns.capacity("Fan-out — “${Subjects.DELIVERY}”, SEND to each member's receipt; rates are offered deliveries per second", paths, c))
                FanoutDeployments.table(paths, c)?.let { add(it) }
                add(sendsTable(paths, c))
                FanoutStages.table(paths, steps(c))?.let { add(it) }
            }
            add(Block.Bullets(findings(c)))
            add(dashboards(c))
        })
    }

    override fun figures(c: Comparison): List<Figure> = FanoutTrials.figures(c.fanoutTrials) + HistoryExperiment.capacityFigures(c.fanoutCapacity)

    fun explanation(c: Comparison): String {
        val s = c.environment.settings
        return "Per room size (${s["fanoutMembers"] ?: "?"} members, rooms ${s["fanoutRooms"] ?: "?"}) and round, after an idle server: the capacity " +
            "shape in offered deliveries per second, from ${s["fanoutRates"] ?: "?"}/s, ${s["fanoutStepSeconds"] ?: "?"} s per step" + minMessages(c) + ", climbing while " +
            "the p95 of a delivery stays within ${Format.ms(c.fanoutSlo)} ms without errors, then refined as the other capacity shapes. Each step: the " +
            "${s["fanoutSenders"] ?: "?"} senders (room members that hold their connections) and the members arrive (${s["fanoutJoinRate"] ?: "?"}/s), " +
            "connect over STOMP, the members subscribing to the room's topic; ${s["fanoutSettle"] ?: "?"} ms later the messages arrive at the offered " +
            "rate divided by the members (an open model), each taken by the next free sender and sent to ${s["fanoutStore"] ?: "?"} carrying its send " +
            "time, once every member's subscription is confirmed. Every member records one sample per message, from the SEND to its own " +
            "receipt, so a step's p95 is over every member's deliveries. The last member out audits the step. " + deployments(c) + "JMeter's listeners run on the " +
            "same machine as the server: at the largest rooms they are part of what is measured (see where the CPU went)."
    }

    /**
     * p95 against offered deliveries per second: one chart per room size when the rooms ran on several deployments (a line
     * per deployment: twelve lines in one chart repeat the palette's colours), else one chart.
     */
    private fun charts(paths: List<CapacityPath>, c: Comparison): Block.Charts {
        val offered = "offered deliveries per second (members × sends per second)"
        if (paths.none { Subjects.deploymentOf(it.subject.key) != null }) return Block.Charts(listOf(Charts.capacity("Fan-out", paths, c.fanoutSlo, offered)))
        return Block.Charts(paths.groupBy { Subjects.membersOf(it.subject.key) }.map { (members, onSize) ->
            Charts.capacity("Fan-out, rooms of $members members", onSize, c.fanoutSlo, offered) { Subjects.deploymentOf(it.subject.key) ?: it.subject.key }
        })
    }

    /** Why a step of a large room lasts longer: the messages it sends at least. */
    private fun minMessages(c: Comparison): String =
        c.positive("fanoutMinMessages")?.let { " (or long enough for $it messages on average, so that a large room's p95 is not one message's way to every member)" } ?: ""

    /** A setting of the run when it is a number above zero (a knob that is off reads 0 or is absent). */
    private fun Comparison.positive(name: String): String? = environment.settings[name]?.takeIf { (it.toDoubleOrNull() ?: 0.0) > 0 }

    /** How the run placed its rooms (on each further deployment in turn, or on the fleet) and warmed each. */
    private fun deployments(c: Comparison): String {
        val deployments = c.environment.fleet?.deployments.orEmpty()
        val warmUp = c.environment.settings["fanoutWarmUpSeconds"]?.let {
            "A round's first warm-up on ${if (deployments.isEmpty()) "the server" else "a deployment"} lasted $it s" +
                (c.environment.settings["fanoutFirstWarmUpSeconds"]?.takeIf { first -> (first.toDoubleOrNull() ?: 0.0) > (it.toDoubleOrNull() ?: 0.0) }
                    ?.let { first -> " ($first s in the run's first round, before which its instances had served nothing)" } ?: "") +
                (c.positive("fanoutRoundWarmUpSeconds")?.let { round -> "; a later round's very first at least $round s" } ?: "") +
                ", its senders rising from a quarter of the " +
                "ladder's first rate" + (c.positive("fanoutWarmUpRate")?.let { rate -> " to $rate offered deliveries/s" } ?: "") + ". "
        } ?: ""
        if (deployments.isEmpty()) return warmUp
        return "Each room size ran on each deployment in turn (${deployments.joinToString { it.name }}; see the environment), its members and " +
            "senders spread over that deployment's instances round robin. " + warmUp
    }

    /** Each room size's capacity again in sends per second, and the deliveries every round's audits counted. */
    private fun sendsTable(paths: List<CapacityPath>, c: Comparison): Table = Table(
        "Fan-out — the same capacities as sends per second, and what the audits counted",
        listOf("room", "capacity, sends /s (min–max)", "capacity, deliveries /s (min–max)", "audited steps", "messages stored", "deliveries",
            "members that got them in another order than history", "audits"),
        audits(c).let { audits -> paths.map { path ->
            val members = Subjects.membersOf(path.subject.key)?.toDouble() ?: 1.0
            val audit = audits.firstOrNull { it.room == path.subject.key }
            val perSend = path.capacity.div(members.toDouble())
            listOf(
                path.subject.key, Format.rate(perSend), Findings.capacity(path),
                audit?.audits?.toString() ?: "–", audit?.stored?.let(Format::count) ?: "–", audit?.delivered?.let(Format::count) ?: "–",
                audit?.reordered?.let(Format::count) ?: "–",
                audit?.let {
                    if (!it.held) "BROKEN in ${it.broken.size}"
                    else if (it.late.isEmpty() && it.cut.isEmpty()) "all held"
                    else listOfNotNull(
                        "held", it.late.size.takeIf { n -> n > 0 }?.let { n -> "$n timed out (deliveries later than fanoutLostAfter)" },
                        it.cut.size.takeIf { n -> n > 0 }?.let { n -> "$n cut by JMeter before it finished (not checked)" },
                    ).joinToString("; ")
                } ?: "–",
            )
        } },
        paths.map { false },
    )

    fun findings(c: Comparison): List<String> = buildList {
        val audits = audits(c)
        if (audits.isNotEmpty()) {
            val broken = audits.filterNot { it.held }
            fun steps(of: (FanoutAudit) -> List<String>) = audits.flatMap { a -> of(a).map { "${a.room}: $it" } }
            val late = steps { it.late }
            if (late.isNotEmpty()) add("Fan-out: in ${late.size} step(s) deliveries were still missing fanoutLostAfter after the last send, " +
                "counted as timed out (unanswered; not a failure in a step beyond the room's capacity, where the ladder looks for them): " + late.take(3).joinToString(" · "))
            val cut = steps { it.cut }
            if (cut.isNotEmpty()) add("Fan-out: ${cut.size} audit(s) did not finish: JMeter cut them when their step's time was up, before they had read " +
                "the room back, so those steps went unchecked (no answer rather than a wrong one, counted as cut like any request still running then): " +
                cut.take(3).joinToString(" · "))
            val verdict = if (late.isEmpty() && cut.isEmpty()) "every audit held" else "no audit found a wrong answer"
            add(if (broken.isEmpty()) "Fan-out: $verdict (${audits.sumOf { it.audits }} steps over ${audits.joinToString { it.room }}): every acknowledged message was stored once, and every member received every stored message once${if (late.isEmpty()) "" else " (but for the late ones above)"}${if (cut.isEmpty()) "" else " in every step whose audit finished"}, each carrying its place in history, and nothing else (messages of different senders may arrive in another order than history's: ${audits.sumOf { it.reordered }} member-steps did; the server's order contract allows it and places them by (sentAt, id))."
                else "Fan-out: audits BROKE — " + broken.joinToString("; ") { "${it.room}: ${it.broken.take(3).joinToString(" · ")}" })
        }
        val paths = c.fanoutCapacity
        if (paths.isNotEmpty()) {
            add("Fan-out, capacity at delivery p95 ≤ ${Format.ms(c.fanoutSlo)} ms (${paths.maxOf { it.capacity.rounds }.let { if (it == 1) "one round" else "median of $it rounds, min–max" }}): " +
                paths.joinToString("; ") { "${it.subject.key}: deliveries ${Findings.capacity(it)}" } + ".")
            FanoutRepeat.finding(paths, c)?.let { add(it) }
            addAll(CapacityDrift.findings(paths, CapacityDrift.FANOUT, MachineCheck.probePerRound(c)))
            addAll(FanoutDeployments.findings(paths, c.fanoutSlo))
            addAll(FanoutDeployments.floors(paths, c.fanoutSlo, c.previous))
            addAll(FanoutDeployments.floorFindings(paths, c.fanoutSlo))
        }
        addAll(FanoutStages.findings(paths, steps(c)))
        loadGenerator(c)?.let { add(it) }
    }

    /** Whether the load generator was the limit of the fan-out's capacities (the members' clients run in JMeter). */
    fun loadGenerator(c: Comparison): String? = LoadGenerator.sentence(c, name, "Fan-out",
        "Every member is a JMeter client reading frames on the server's cores, and together they cost more than the server they measure")
}
