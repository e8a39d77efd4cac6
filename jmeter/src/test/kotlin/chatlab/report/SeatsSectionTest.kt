package chatlab.report

import chatlab.report.method.PairedRatio.Call
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

class SeatsSectionTest {
    /** [n] entries of a rush in trial [shape], [ms] each, [seated] of them 200 and the rest 409, spread over [seconds]. */
    private fun rush(shape: String, block: Int, n: Int, seated: Int, ms: Long, seconds: Long, failed: Int = 0): List<Sample> = (0 until n).map { i ->
        val code = when {
            i < failed -> "503"
            i < failed + seated -> "200"
            else -> "409"
        }
        Sample(block * 100_000L + i * seconds * 1000 / n, ms, "enter [$shape] rush", code, "", code != "503", if (code == "503") "HTTP 503: lock not granted" else "", "", 1)
    }

    private fun audit(shape: String, block: Int, held: Boolean) =
        Sample(block * 100_000L + 90_000, 3, "audit [$shape]", "200", "", held, if (held) "" else "invariant broken: oversold: 12 members for 5 seats", "", 1)

    /** Eight blocks; every third block the host is twice as slow for every strategy in it, as drift is. */
    private fun blocks(twinMs: (Int) -> Long = { 5L + it % 2 }) = (1..8).flatMap { b ->
        val slow = if (b % 3 == 0) 2 else 1
        rush("db-lock block $b", b, 100, 10, ms = (40L + b % 3) * slow, seconds = 10) + audit("db-lock block $b", b, true) +
            rush("redis-lock block $b", b, 100, 10, ms = (8L + b % 2) * slow, seconds = 2) + audit("redis-lock block $b", b, true) +
            rush("db-atomic block $b", b, 100, 10, ms = (5L + b % 2) * slow, seconds = 1, failed = if (b == 2) 3 else 0) + audit("db-atomic block $b", b, b != 3) +
            rush("db-atomic again block $b", b, 100, 10, ms = twinMs(b) * slow, seconds = 1) + audit("db-atomic again block $b", b, true)
    } + Sample(0, 5, "get chat messages [mysql-keyset] mix newest", "200", "", true, "", "", 1)

    @Test
    fun `each strategy's entries, answers, failures and audits are counted over its trials, block by block, the twin beside its strategy`() {
        val rows = SeatRow.of(blocks())
        assertThat(rows.map { it.strategy }).containsExactly("db-atomic", "db-atomic again", "db-lock", "redis-lock")
        assertThat(rows.map { it.twin }).containsExactly(false, true, false, false)
        val atomic = rows.first()
        assertThat(atomic.blocks.keys).containsExactly(1, 2, 3, 4, 5, 6, 7, 8)
        assertThat(atomic.seated).isEqualTo(80)
        assertThat(atomic.refused).isEqualTo(717)
        assertThat(atomic.failed).isEqualTo(3)
        assertThat(atomic.failureCauses).containsExactly("HTTP 503: lock not granted" to 3)
        assertThat(atomic.invariant).startsWith("BROKEN in 1/8 rounds: invariant broken: oversold")
        assertThat(rows[2].invariant).isEqualTo("held in 8/8 rounds")
        assertThat(atomic.measured.rounds).hasSize(8)
        assertThat(rows[3].measured.median.throughput).isGreaterThan(rows[2].measured.median.throughput * 4)
    }

    @Test
    fun `the verdict ranks the strategies by their average entry against the soonest in the same blocks, so drift shared by a block drops out`() {
        val verdict = SeatsSection.verdict(SeatRow.of(blocks()))
        assertThat(verdict.answer).startsWith("OVERSOLD or broken: db-atomic; soonest: db-atomic, sooner than every other strategy; longer: redis-lock 1.55× (1.50–1.60, 8 blocks)")
            .contains("db-lock 7.").endsWith("; failures at db-atomic (3)")
        val lock = verdict.ratios.single { it.a == "db-lock" }
        assertThat(lock.b).isEqualTo("db-atomic")
        assertThat(lock.figure).isEqualTo(SeatsSection.FIGURE)
        assertThat(lock.call(0.1)).isEqualTo(Call.A_MORE)
        assertThat(verdict.ratios.map { it.a }).doesNotContain("db-atomic again")
        assertThat(verdict.figures).contains("db-atomic again (A/A twin) avg")
        val control = verdict.controls.single()
        assertThat(control.ratio.a to control.ratio.b).isEqualTo("db-atomic again" to "db-atomic")
        assertThat(control.holds).isTrue()
    }

    @Test
    fun `a twin 30 percent slower in every block is told apart, and the control is one no planted delay is put on`() {
        val control = SeatsSection.control(SeatRow.of(blocks { if (it % 2 == 0) 8 else 7 }))!!
        assertThat(control.call).isEqualTo(Call.A_MORE)
        assertThat(control.holds).isFalse()
        assertThat(control.plantable).isFalse()
        val planted = LabExperiment("seats", SeatsSection, { SeatRow.of(it.samples) }) { emptyList() }
            .verdict(ComparisonBuilder(blocks(), Environment(emptyMap(), emptyMap(), mapOf("plantedShare" to "0.25"), java.time.Instant.EPOCH, null, null)).build())!!
        assertThat(planted.controls.single().planted).describedAs("a planted run leaves the rush's twin unplanted").isEqualTo(0.0)
    }

    @Test
    fun `the round's warm-up rush is no contender`() {
        val rows = SeatRow.of(blocks() + rush("warm-up", 0, 50, 10, ms = 90, seconds = 1) + audit("warm-up", 0, true))
        assertThat(rows.map { it.strategy }).doesNotContain("warm-up").hasSize(4)
    }

    @Test
    fun `the public claim is judged by the paired blocks and a broken invariant is named`() {
        val findings = SeatsSection.findings(SeatRow.of(blocks()))
        assertThat(findings[0]).startsWith("Seats: the invariant BROKE for db-atomic")
        assertThat(findings[1]).contains("throughput held (redis-lock / db-lock").contains("p95 held")
        val tied = (1..8).flatMap { b -> rush("db-lock block $b", b, 50, 5, ms = 10L + b % 3, seconds = 5) + rush("redis-lock block $b", b, 50, 5, ms = 12L - b % 3, seconds = 5) }
        assertThat(SeatsSection.findings(SeatRow.of(tied))).anySatisfy { assertThat(it).contains("p95 no clear difference") }
        val table = SeatsSection.table(SeatRow.of(blocks()))
        assertThat(table.rows[2]).contains("db-lock", "8", "80", "720", "held in 8/8 rounds")
        assertThat(table.rows[1][0]).isEqualTo("db-atomic again (A/A twin)")
        assertThat(SeatsSection.publicTable(SeatRow.of(blocks())).rows.map { it[2] }).containsExactly("db-lock", "redis-lock")
        assertThat(SeatRow.of(blocks().filterNot { it.label.startsWith("enter") })).isEmpty()
    }

    @Test
    fun `a run from before blocks counts each round as its one trial`() {
        val rounds = (1..3).flatMap { r -> rush("db-lock", r, 20, 5, ms = 10, seconds = 1).map { it.copy(round = r) } }
        val row = SeatRow.of(rounds).single()
        assertThat(row.strategy).isEqualTo("db-lock")
        assertThat(row.blocks.keys).containsExactly(1, 2, 3)
    }
}
