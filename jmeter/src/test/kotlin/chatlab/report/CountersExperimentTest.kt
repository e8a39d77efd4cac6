package chatlab.report

import chatlab.report.method.PairedRatio.Call
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

class CountersExperimentTest {
    /** [n] views of [contender] in duet [block], [ms] each, the first [busy] refused with SQLITE_BUSY. */
    private fun views(contender: String, block: Int, n: Int, ms: Long, busy: Int = 0): List<Sample> = (0 until n).map { i ->
        Sample(block * 100_000L + i * 10L, ms, "view [$contender] duet block $block", if (i < busy) "503" else "204", "", i >= busy,
            if (i < busy) "HTTP 503: sqlite: SQLITE_BUSY (The database file is locked)" else "", "", 1 + (block - 1) / 4)
    }

    private fun count(contender: String, block: Int, held: Boolean = true) =
        Sample(block * 100_000L + 90_000, 2, "count [$contender] duet block $block", "200", "", held,
            if (held) "" else "lost or extra updates: the server counts 29 views, it acknowledged 30", "", 1 + (block - 1) / 4)

    /** Twelve blocks; each block's host speed is shared by every counter in it, as drift is. */
    private fun run(twinMs: Long, broken: Int? = null) = (1..12).flatMap { b ->
        val slow = if (b % 3 == 0) 3L else 1L
        views("mysql counter", b, 30, 4 * slow) + views("mysql counter again", b, 30, twinMs * slow) +
            views("sqlite counter", b, 30, 9 * slow, busy = if (b == 2) 2 else 0) + views("sqlite-tuned log", b, 30, (2L + b % 2) * slow) +
            listOf("mysql counter", "mysql counter again", "sqlite counter", "sqlite-tuned log").map { count(it, b, held = b != broken) }
    }

    private val settings = mapOf("viewDuetRate" to "200", "viewDuetContenders" to "mysql counter,sqlite counter,sqlite-tuned log", "viewDuetControl" to "mysql counter")

    @Test
    fun `the verdict ranks the counters by their ratio to the soonest in the same blocks, its safety and refusals first`() {
        val verdict = CountersExperiment.verdict(ChatRuns.comparison(run(twinMs = 4), settings))!!
        assertThat(verdict.question).isEqualTo("Which counter counts a view soonest when they share one load of 200 arrivals/s (average per block)?")
        assertThat(verdict.answer).startsWith("no lost update in any store or mode; sqlite-tuned log, sooner than every other counter; longer: mysql counter 1.")
        assertThat(verdict.answer).endsWith("; refused (503): sqlite counter 2")
        assertThat(verdict.ratios.map { it.a }).containsExactlyInAnyOrder("mysql counter", "sqlite counter")
        val control = verdict.controls.single()
        assertThat(control.experiment).isEqualTo("counters")
        assertThat(control.ratio.a).isEqualTo("mysql counter again")
        assertThat(control.call).isEqualTo(Call.NOT_TOLD_APART)
        assertThat(control.plantable).isTrue()
    }

    @Test
    fun `a twin planted slower is found, and a block whose count missed a view breaks the verdict's safety`() {
        val planted = CountersExperiment.verdict(ChatRuns.comparison(run(twinMs = 5), settings + ("plantedShare" to "0.25")))!!.controls.single()
        assertThat(planted.plantedFound).isTrue()
        val broken = CountersExperiment.verdict(ChatRuns.comparison(run(twinMs = 4, broken = 7), settings))!!
        assertThat(broken.answer).startsWith("LOST OR EXTRA UPDATES: the duet;")
        val audits = CountersExperiment.duetAudits(run(twinMs = 4, broken = 7))
        assertThat(audits.total).isEqualTo(48)
        assertThat(audits.held).isEqualTo(44)
    }

    @Test
    fun `the section opens with the duet and its audit, and a run without the duet keeps the closed-loop verdict`() {
        val section = CountersExperiment.section(ChatRuns.comparison(run(twinMs = 4), settings))!!
        assertThat(section.title).isEqualTo(CountersSection.TITLE)
        assertThat(section.blocks.first().toString()).contains("200 arrivals/s")
        assertThat(section.blocks.toString()).contains("in all 48 audits")
        assertThat(CountersExperiment.verdict(ChatRuns.comparison(ChatRuns.many("view [mysql counter] threads@10", 3), settings))!!.question)
            .startsWith("Which store and mode count every view")
    }
}
