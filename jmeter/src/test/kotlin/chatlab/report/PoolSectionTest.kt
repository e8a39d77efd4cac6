package chatlab.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

class PoolSectionTest {
    /** [n] samples of one pool step in [round], [ms] each over one second, the first [failed] of them 503s. */
    private fun step(kind: String, size: Int, round: Int, n: Int, ms: Long, failed: Int = 0): List<Sample> = (0 until n).map { i ->
        val refused = i < failed
        val target = if (kind == "read") "mysql-offset page 100" else "mysql counter"
        Sample(round * 1_000_000L + size * 10_000L + i * 1000L / n, ms, "pool $kind [$target] size@$size", if (refused) "503" else "200", "", !refused,
            if (refused) "HTTP 503: every database connection stayed busy for the pool's whole wait" else "", "", round)
    }

    private fun audit(size: Int, round: Int, held: Boolean) = Sample(round * 1_000_000L + size * 10_000L + 5_000, 2, "pool audit [mysql counter] size@$size",
        "200", "", held, if (held) "" else "lost or extra updates: the server counts 9, it acknowledged 10", "", round)

    private val samples = (1..3).flatMap { r ->
        step("read", 2, r, 50, ms = 40, failed = 5) + step("read", 4, r, 50, ms = 6 + r.toLong()) + step("read", 8, r, 50, ms = 9) +
            step("read", 9, r, 50, ms = 20) + step("read", 10, r, 50, ms = 30) + step("read", 64, r, 50, ms = 25) +
            step("write", 2, r, 50, ms = 3) + audit(2, r, true) + step("write", 8, r, 50, ms = 3) + audit(8, r, r != 3)
    }

    @Test
    fun `each size's steps are read over the rounds, with failures and the write audits`() {
        val rows = PoolRow.of(samples, cores = 2)
        assertThat(rows.map { "${it.kind} ${it.size}" }).containsExactly("read 2", "read 4", "read 8", "read 9", "read 10", "read 64", "write 2", "write 8")
        assertThat(rows[0].failed).isEqualTo(15)
        assertThat(rows[0].errorPct.median).isEqualTo(10.0)
        assertThat(rows[7].audits!!.invariant).startsWith("BROKEN in 1/3 rounds")
        assertThat(rows[1].audits).isNull()
        assertThat(PoolRow.isLoad("pool read [mysql-offset page 100] size@8")).isTrue()
        assertThat(PoolRow.isLoad("pool read [mysql-offset page 100] warm-up")).isFalse()
    }

    @Test
    fun `the best size is the cleanest lowest p95, with the sizes alike it and the rule of thumb judged`() {
        val findings = PoolSection.findings(PoolRow.of(samples, cores = 2))
        assertThat(findings[0]).startsWith("Pool: LOST OR EXTRA UPDATES at sizes 8")
        assertThat(findings).anySatisfy {
            assertThat(it).startsWith("Pool, read (mysql-offset page 100): lowest p95 at sizes 4, 8, not told apart (the lowest median 8.5 (7.5–9.5) ms, at size 4); " +
                "clearly higher at sizes 9, 10, 64; failures at sizes 2. " +
                "The rule of thumb (4) is among the best sizes.")
        }
        assertThat(findings).anySatisfy { assertThat(it).startsWith("Pool, write (mysql counter): lowest p95 at sizes 2, 8, not told apart") }
        assertThat(findings).anySatisfy { assertThat(it).startsWith("Pool, the public finding that 9 connections beat the default 10 (avg 1,660 vs 1,896 ms): held") }
        val table = PoolSection.table(PoolRow.of(samples, cores = 2))
        assertThat(table.rows.map { it[1] }).contains("4 (rule of thumb)")
        assertThat(PoolSection.charts(PoolRow.of(samples, cores = 2))).hasSize(2).allSatisfy { assertThat(it.markup).contains("rule of thumb: 4") }
    }

    @Test
    fun `a size below every other beyond the spreads is named alone`() {
        val rows = PoolRow.of((1..3).flatMap { r -> step("read", 8, r, 50, ms = 5) + step("read", 16, r, 50, ms = 9 + r.toLong()) }, cores = 2)
        assertThat(PoolSection.findings(rows).single()).isEqualTo(
            "Pool, read (mysql-offset page 100): lowest p95 at size 8, 5.5 (5.5–5.5) ms, below every other size beyond the spreads; clearly higher at sizes 16. " +
                "The rule of thumb (4) was not swept.",
        )
    }

    @Test
    fun `sizes within JMeter's 1 ms of the best are not told apart from it`() {
        val rows = PoolRow.of((1..3).flatMap { r -> step("read", 8, r, 50, ms = 5) + step("read", 10, r, 50, ms = 6) + step("read", 16, r, 50, ms = 8) }, cores = 2)
        assertThat(PoolSection.findings(rows).single())
            .startsWith("Pool, read (mysql-offset page 100): lowest p95 at sizes 8, 10, not told apart (the lowest median 5.5 (5.5–5.5) ms, at size 8); clearly higher at sizes 16.")
    }
}
