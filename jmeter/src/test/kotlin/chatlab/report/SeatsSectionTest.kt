package chatlab.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

class SeatsSectionTest {
    /** [n] entries of a rush in [round], [ms] each, [seated] of them 200 and the rest 409, spread over [seconds]. */
    private fun rush(strategy: String, round: Int, n: Int, seated: Int, ms: Long, seconds: Long, failed: Int = 0): List<Sample> = (0 until n).map { i ->
        val code = when {
            i < failed -> "503"
            i < failed + seated -> "200"
            else -> "409"
        }
        Sample(round * 100_000L + i * seconds * 1000 / n, ms, "enter [$strategy] rush", code, "", code != "503", if (code == "503") "HTTP 503: lock not granted" else "", "", round)
    }

    private fun audit(strategy: String, round: Int, held: Boolean) =
        Sample(round * 100_000L + 90_000, 3, "audit [$strategy]", "200", "", held, if (held) "" else "invariant broken: oversold: 12 members for 5 seats", "", round)

    private val samples = (1..3).flatMap { r ->
        rush("db-lock", r, 100, 10, ms = 40L + r, seconds = 10) + audit("db-lock", r, true) +
            rush("redis-lock", r, 100, 10, ms = 8L + r, seconds = 2) + audit("redis-lock", r, true) +
            rush("db-atomic", r, 100, 10, ms = 5, seconds = 1, failed = if (r == 2) 3 else 0) + audit("db-atomic", r, r != 3)
    } + Sample(0, 5, "get chat messages [mysql-keyset] mix newest", "200", "", true, "", "", 1)

    @Test
    fun `each strategy's entries, answers, failures and audits are counted over the rounds`() {
        val rows = SeatRow.of(samples)
        assertThat(rows.map { it.strategy }).containsExactly("db-atomic", "db-lock", "redis-lock")
        val atomic = rows.first()
        assertThat(atomic.seated).isEqualTo(30)
        assertThat(atomic.refused).isEqualTo(267)
        assertThat(atomic.failed).isEqualTo(3)
        assertThat(atomic.failureCauses).containsExactly("HTTP 503: lock not granted" to 3)
        assertThat(atomic.invariant).startsWith("BROKEN in 1/3 rounds: invariant broken: oversold")
        assertThat(rows[1].invariant).isEqualTo("held in 3/3 rounds")
        assertThat(rows[1].measured.spread { it.p95 }.median).isEqualTo(42.45)
        assertThat(rows[2].measured.median.throughput).isGreaterThan(rows[1].measured.median.throughput * 4)
    }

    @Test
    fun `the public claim is judged beyond both spreads and a broken invariant is named`() {
        val findings = SeatsSection.findings(SeatRow.of(samples))
        assertThat(findings[0]).startsWith("Seats: the invariant BROKE for db-atomic")
        assertThat(findings[1]).contains("throughput held (redis-lock").contains("p95 held (redis-lock")
        val tied = (1..3).flatMap { r -> rush("db-lock", r, 50, 5, ms = 10L + r, seconds = 5) + rush("redis-lock", r, 50, 5, ms = 12L - r, seconds = 5) }
        assertThat(SeatsSection.findings(SeatRow.of(tied))).anySatisfy { assertThat(it).contains("p95 no clear difference") }
        // redis-lock 20-22 ms against db-lock 23-25 ms: the rounds separate, but 1.1× is what two like runs differ by.
        val close = (1..3).flatMap { r -> rush("db-lock", r, 50, 5, ms = 22L + r, seconds = 5) + rush("redis-lock", r, 50, 5, ms = 19L + r, seconds = 5) }
        assertThat(SeatsSection.findings(SeatRow.of(close))).anySatisfy { assertThat(it).contains("p95 no clear difference").contains("lie within 20 %") }
        val table = SeatsSection.table(SeatRow.of(samples))
        assertThat(table.rows[1]).contains("db-lock", "30", "270", "held in 3/3 rounds")
        assertThat(SeatsSection.publicTable(SeatRow.of(samples)).rows.map { it[2] }).containsExactly("db-lock", "redis-lock")
        assertThat(SeatRow.of(samples.filterNot { it.label.startsWith("enter") })).isEmpty()
    }
}
