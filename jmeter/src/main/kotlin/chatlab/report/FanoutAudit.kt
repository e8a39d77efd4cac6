package chatlab.report

/**
 * The fan-out plan's audits of one room size, over every step of every round: each step's last member out read the
 * room back and checked that every message sent was stored once and every member received every stored message once,
 * in store order, and nothing else (`audit [<members> members] <step>`).
 */
data class FanoutAudit(
    val room: String,
    /** Steps audited (with several engines each audits its own members of a step: one step, several audit samples). */
    val audits: Int,
    val stored: Long,
    val delivered: Long,
    val reordered: Long,
    /** Steps whose only breach was deliveries not received within fanoutLostAfter: timed out, like an unanswered request. */
    val late: List<String>,
    /**
     * Steps whose audit JMeter cut when its step's time was up, before it had read the room back (an InterruptedException,
     * seen in a step at twice a room's capacity, its members still reading a backlog): not checked, and no answer
     * rather than a wrong one, as the build's gate counts every cut sample.
     */
    val cut: List<String>,
    /** Steps whose audit found a wrong answer: a message not stored or stored twice, a delivery doubled, foreign or misplaced. */
    val broken: List<String>,
) {
    val held: Boolean get() = broken.isEmpty()

    companion object {
        /** A room's audits, the fan-out trials' A/A twin's (`... on simple-1 again`) apart from its original's. */
        private val label = Regex("""^audit \[(${Subjects.ROOM_PATH}(?: again)?)] .+$""")
        private val counts = Regex("""(\d+) messages stored \((\d+) acknowledged\), (\d+) deliveries to (\d+) members""")
        private val arrivalOrder = Regex("""(\d+) of \d+ members received them in another order""")

        fun of(samples: List<Sample>): List<FanoutAudit> = samples.mapNotNull { s -> label.matchEntire(s.label)?.let { it.groupValues[1] to s } }
            .groupBy({ it.first }, { it.second })
            .map { (room, audits) ->
                // Per audit sample: its step and its counts (stored, acknowledged, delivered, members).
                val figures = audits.mapNotNull { a -> counts.find(a.responseMessage)?.groupValues?.let { (a.label to a.round) to it } }
                // With several engines each audits its own members of a step, and each reads the same stored messages back.
                val steps = audits.map { it.label to it.round }.toSet()
                FanoutAudit(
                    room, steps.size, figures.groupBy({ it.first }, { it.second[1].toLong() }).values.sumOf { it.max() },
                    figures.sumOf { it.second[3].toLong() },
                    audits.sumOf { arrivalOrder.find(it.responseMessage)?.groupValues?.get(1)?.toLong() ?: 0L },
                    audits.filter { !it.success && it.unanswered }.map(::describe),
                    audits.filter { !it.success && !it.unanswered && it.cut }.map(::describe),
                    audits.filter { !it.success && !it.unanswered && !it.cut }.map(::describe),
                )
            }
            .sortedBy { Subjects.membersOf(it.room) ?: Int.MAX_VALUE }

        private fun describe(audit: Sample) =
            "round ${audit.round}, ${audit.label.substringAfter("] ")}: ${audit.responseMessage.substringBefore(FanoutStages.MARK).ifEmpty { audit.failureMessage }}"
    }
}
