package chatlab.report

import chatlab.report.document.Block
import chatlab.report.document.Section

/**
 * Sends: the stores in duet (the verdict), every store's capacity from SEND to the sender's own broadcast (with the STOMP
 * instrument), and the reference shape.
 */
/** Stores' send capacities, the STOMP instrument's last. */
val Comparison.sendCapacity: List<CapacityPath> get() = capacityOf(SendsExperiment)

/** The send stores measured in duet, per block. */
val Comparison.sendDuet: List<DuetRow> get() = Duet.SENDS.rows(samples)

object SendsExperiment : Experiment {
    override val name = "sends"

    override val ladders = listOf(Ladder(Subjects.SEND_TO_DELIVERY, Subjects.SEND_STORES), Ladder(Subjects.SUBSCRIBE, listOf(Subjects.SEND_INSTRUMENT)))
    override val references = listOf(ReferenceShape(Subjects.SEND_TO_DELIVERY, Subjects.SEND_STORES, "mysql"))

    override fun section(c: Comparison): Section? {
        val reference = c.referenceOf(Subjects.SEND_TO_DELIVERY)
        val duet = c.sendDuet
        if (duet.isEmpty() && c.sendCapacity.isEmpty() && reference.isEmpty()) return null
        val settings = c.environment.settings
        return Section("Sends — a message from SEND to its broadcast", buildList {
            if (duet.isNotEmpty()) {
                add(Duet.SENDS.text(settings))
                DuetPromises.text(duet, c.samples, "Every SEND also commits its room's preview to MySQL at the same promise: in the message's " +
                    "own commit when MySQL holds it, so a durable SEND to MySQL waits for one MySQL log flush, and in a commit of its " +
                    "own otherwise, so one to SQLite waits for a SQLite sync and a MySQL log flush.")?.let(::add)
                add(Duet.SENDS.table(duet))
            }
            if (c.sendCapacity.isNotEmpty()) {
                add(HistoryExperiment.shapeText(Shape.CAPACITY, settings))
                add(Block.Charts(listOf(Charts.capacity("Sends", c.sendCapacity, c.slo))))
                add(Columns.capacity("Sends — “${Subjects.SEND_TO_DELIVERY}”, one new client per arrival", c.sendCapacity, c))
            }
            if (reference.isNotEmpty()) {
                add(HistoryExperiment.shapeText(Shape.REFERENCE, settings))
                add(Columns.reference("Sends — “${Subjects.SEND_TO_DELIVERY}”: SEND until our broadcast arrives (baseline mysql)", reference, c))
            }
            add(Block.Bullets(Findings.sends(c) + listOfNotNull(LoadGenerator.sentence(c, name, "Sends",
                "Every SEND is a JMeter client that opens a WebSocket, connects, subscribes and waits for its broadcast, " +
                    "and together they cost more than the server they measure"))))
            add(dashboards(c))
        })
    }

    /** The duet's ranking where the run measured the stores in duet; else the capacities', judged on the rounds' ranges. */
    override fun verdict(c: Comparison): Verdict? = c.sendDuet.takeIf { it.isNotEmpty() }
        ?.let { Duet.SENDS.verdict(it, c.environment.settings) }
        ?.let { v -> DuetPromises.fsync(c.samples)?.let { v.copy(figures = "${v.figures}; the disk's fsync of a 4 KB write: $it") } ?: v }
        ?: Verdict.capacity("Which store carries the most sends per second, SEND to the sender's broadcast, with p95 ≤ ${Format.ms(c.slo)} ms?", c.sendCapacity)

    override fun figures(c: Comparison): List<Figure> = Duet.SENDS.figures(c.sendDuet) +
        HistoryExperiment.referenceFigures(c.referenceOf(Subjects.SEND_TO_DELIVERY)) + HistoryExperiment.capacityFigures(c.sendCapacity)
}
