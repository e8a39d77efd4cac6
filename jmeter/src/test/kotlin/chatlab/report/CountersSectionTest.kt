package chatlab.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

class CountersSectionTest {
    /** [n] views of a unit in [round], [ms] each over [seconds], the first [busy] of them refused with SQLITE_BUSY. */
    private fun views(store: String, shape: String, round: Int, n: Int, ms: Long, seconds: Long, busy: Int = 0): List<Sample> = (0 until n).map { i ->
        val refused = i < busy
        Sample(round * 100_000L + i * seconds * 1000 / n, ms, "view [$store counter] $shape", if (refused) "503" else "204", "", !refused,
            if (refused) "HTTP 503: sqlite: SQLITE_BUSY (The database file is locked)" else "", "", round)
    }

    private fun count(store: String, shape: String, round: Int, held: Boolean) =
        Sample(round * 100_000L + 90_000, 2, "count [$store counter] $shape", "200", "", held,
            if (held) "" else "lost or extra updates: the server counts 99 views, it acknowledged 100", "", round)

    private val samples = (1..3).flatMap { r ->
        views("sqlite", "threads@10", r, 100, ms = 5, seconds = 1, busy = 2) + count("sqlite", "threads@10", r, true) +
            views("mysql", "threads@10", r, 100, ms = 9, seconds = 4) + count("mysql", "threads@10", r, r != 2) +
            views("mysql", "threads@100", r, 100, ms = 9, seconds = 1) + count("mysql", "threads@100", r, true) +
            views("sqlite", "threads@100", r, 100, ms = 9, seconds = 4) + count("sqlite", "threads@100", r, true) +
            views("sqlite-tuned", "threads@100", r, 100, ms = 2, seconds = 1) + count("sqlite-tuned", "threads@100", r, true) +
            views("sqlite-tuned", "rate@200", r, 100, ms = 2, seconds = 1) + count("sqlite-tuned", "rate@200", r, true)
    }

    @Test
    fun `each closed-loop unit's views, refusals by cause and audits are counted over the rounds, other labels left alone`() {
        val rows = CounterRow.of(samples)
        assertThat(rows.map { "${it.store} ${it.shape}" }).containsExactly(
            "mysql threads@10", "mysql threads@100", "sqlite threads@10", "sqlite threads@100", "sqlite-tuned threads@100",
        )
        val sqlite = rows[2]
        assertThat(sqlite.counted).isEqualTo(294)
        assertThat(sqlite.failed).isEqualTo(6)
        assertThat(sqlite.busy).isEqualTo(6)
        assertThat(rows[0].invariant).startsWith("BROKEN in 1/3 rounds: lost or extra updates")
        assertThat(rows[4].threads).isEqualTo(100)
    }

    @Test
    fun `the public findings are judged beyond both spreads and a lost update is named`() {
        val findings = CountersSection.findings(CounterRow.of(samples))
        assertThat(findings[0]).startsWith("Counters: LOST OR EXTRA UPDATES in mysql counter threads@10")
        assertThat(findings).anySatisfy { assertThat(it).startsWith("Counters at 10 threads, the public finding that sqlite counts faster: held") }
        assertThat(findings).anySatisfy { assertThat(it).startsWith("Counters at 100 threads, the public finding that mysql counts faster: held") }
        val table = CountersSection.publicTable(CounterRow.of(samples))
        assertThat(table.rows.map { it[2] }).containsExactly("sqlite counter, 10 threads", "mysql counter, 10 threads", "sqlite counter, 100 threads", "mysql counter, 100 threads")
    }
}
