package chatlab.report

import chatlab.report.method.PairedRatio.Call
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

class DuetTest {
    /** [n] pages of [path] in duet [block], [ms] each, the first [failed] of them timed out. */
    private fun reads(path: String, block: Int, n: Int, ms: Long, failed: Int = 0): List<Sample> = (0 until n).map { i ->
        Sample(block * 1_000_000L + i * 1000L / n, ms, "get chat messages [$path] duet block $block", if (i < failed) "504" else "200", "",
            i >= failed, if (i < failed) "timed out" else "", "", 1 + (block - 1) / 4)
    }

    /** Twelve blocks; each block's host speed (`slow`) is shared by every path in it, as drift is. */
    private fun run(twinMs: (Int) -> Long) = (1..12).flatMap { b ->
        val slow = if (b % 3 == 0) 3 else 1
        reads("mysql-offset", b, 30, (21L + b % 2) * slow) + reads("mysql-keyset", b, 30, 10L * slow) +
            reads("mysql-keyset again", b, 30, twinMs(b) * slow) + reads("mongo-redis-keyset warm", b, 30, (10L + b % 2) * slow, failed = if (b == 5) 1 else 0)
    }

    private val settings = mapOf("readDuetRate" to "60")

    @Test
    fun `the paths are read per block from their labels, the A-A twin beside its path, other labels left alone`() {
        val rows = Duet.HISTORY.rows(run { 10L + it % 2 } + reads("mysql-keyset", 1, 5, 3).map { it.copy(label = "get chat messages [mysql-keyset] capacity@50") })
        assertThat(rows.map { it.contender }).containsExactly("mongo-redis-keyset warm", "mysql-keyset", "mysql-keyset again", "mysql-offset")
        assertThat(rows.map { it.twin }).containsExactly(false, false, true, false)
        assertThat(rows[1].blocks.keys).hasSize(12)
        assertThat(rows[1].blocks.values.sumOf { it.samples }).isEqualTo(360)
        assertThat(rows[0].failed).isEqualTo(1)
    }

    @Test
    fun `the verdict ranks the paths by their ratio to the soonest in the same blocks, so drift shared by a block drops out`() {
        val verdict = Duet.HISTORY.verdict(Duet.HISTORY.rows(run { 10L + it % 2 }), settings)
        assertThat(verdict.question).isEqualTo("Which path reads a history page soonest when they share one load of 60 arrivals/s (average per block)?")
        // mysql-keyset and the warm cache differ by 5 % in half the blocks: within the practical margin, not told apart.
        assertThat(verdict.answer).startsWith("mysql-keyset; not told apart: mongo-redis-keyset warm 1.0")
        // Every third block is three times as slow for all: the offset path still takes 2.1–2.2× keyset's time in each.
        val offset = verdict.ratios.single { it.a == "mysql-offset" }
        assertThat(offset.b).isEqualTo("mysql-keyset")
        assertThat(listOf(offset.low, offset.high)).allSatisfy { assertThat(it).isBetween(2.09, 2.21) }
        assertThat(verdict.answer).contains("longer: mysql-offset 2.")
        assertThat(verdict.ratios.map { it.a }).doesNotContain("mysql-keyset again")
        assertThat(verdict.figures).contains("mysql-keyset again (A/A twin) avg")
        val control = verdict.controls.single()
        assertThat(control.experiment).isEqualTo("history")
        assertThat(control.figure).isEqualTo("get chat messages avg")
        assertThat(control.ratio.a).isEqualTo("mysql-keyset again")
        assertThat(control.call).isEqualTo(Call.NOT_TOLD_APART)
        assertThat(control.holds).isTrue()
    }

    @Test
    fun `a twin 30 percent slower in every block is told apart, failing the control unless the run planted it`() {
        val rows = Duet.HISTORY.rows(run { 13L })
        assertThat(Duet.HISTORY.control(rows, planted = 0.0)!!.holds).isFalse()
        val planted = Duet.HISTORY.verdict(rows, settings + ("plantedShare" to "0.25")).controls.single()
        assertThat(planted.planted).isEqualTo(0.25)
        assertThat(planted.plantedFound).isTrue()
        assertThat(planted.holds).isTrue()
    }

    @Test
    fun `without a twin there is no control, and a run without the duet has no rows`() {
        assertThat(Duet.HISTORY.control(Duet.HISTORY.rows(run { 10L }.filterNot { it.label.contains("again") }), 0.0)).isNull()
        assertThat(Duet.HISTORY.rows(reads("mysql-keyset", 1, 5, 3).map { it.copy(label = "get chat messages [mysql-keyset] mix newest") })).isEmpty()
    }

    @Test
    fun `the sends' duet reads its own sampler's labels and asks about stores`() {
        val sends = (1..6).flatMap { b ->
            reads("mysql", b, 20, 12).map { it.copy(label = "send-to-delivery [mysql] duet block $b") } +
                reads("sqlite-tuned", b, 20, 6).map { it.copy(label = "send-to-delivery [sqlite-tuned] duet block $b") }
        }
        val rows = Duet.SENDS.rows(sends + run { 10L })
        assertThat(rows.map { it.contender }).containsExactly("mysql", "sqlite-tuned")
        val verdict = Duet.SENDS.verdict(rows, mapOf("sendDuetRate" to "40"))
        assertThat(verdict.question).isEqualTo("Which store takes a SEND to its broadcast soonest when they share one load of 40 arrivals/s (average per block)?")
        assertThat(verdict.answer).isEqualTo("sqlite-tuned, sooner than every other store; longer: mysql 2.00× (2.00–2.00, 6 blocks)")
        assertThat(verdict.controls).isEmpty()
    }
}
