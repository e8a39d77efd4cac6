package chatlab.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

class SqliteSectionTest {
    private fun capacity(sampler: String, key: String, perRound: List<Double>) =
        CapacityPath(Subject(key, key, listOf("sqlite")), sampler, listOf("SQLite"), false, emptyList(), perRound)

    private fun failed(target: String, why: String, round: Int) =
        Sample(round * 1000L, 3000, "send-to-delivery [$target] capacity@80", "503", "", false, why, "", round)

    @Test
    fun `sqlite rows compare the two configurations beyond both spreads and count SQLITE_BUSY apart`() {
        val capacity = listOf(
            capacity(Subjects.GET, "sqlite-keyset", listOf(200.0, 200.0, 400.0)), capacity(Subjects.GET, "sqlite-tuned-keyset", listOf(200.0, 400.0, 400.0)),
            capacity(Subjects.SEND_TO_DELIVERY, "sqlite", listOf(40.0, 40.0, 40.0)), capacity(Subjects.SEND_TO_DELIVERY, "sqlite-tuned", listOf(160.0, 160.0, 80.0)),
        )
        val samples = listOf(failed("sqlite", "HTTP 503: sqlite: SQLITE_BUSY (The database file is locked)", 1), failed("sqlite", "Timeout", 2))
        val rows = SqliteRow.of(samples, samples, capacity, emptyList(), emptyList())
        assertThat(rows.map { it.store }).containsExactly("sqlite", "sqlite-tuned", "mysql")
        assertThat(rows[0].busy).isEqualTo(1)
        assertThat(rows[0].failed).isEqualTo(2)
        assertThat(rows[2].readCapacity).isNull()
        val findings = SqliteSection.findings(rows)
        assertThat(findings).anySatisfy { assertThat(it).startsWith("SQLite read capacity (keyset): defaults 200/s (200–400), tuned 400/s (200–400)").endsWith("no clear difference (their rounds overlap or lie within the ladder's 20 % of each other).") }
        assertThat(findings).anySatisfy { assertThat(it).startsWith("SQLite send capacity: defaults 40/s (40–40)").endsWith("tuned carries more, beyond both spreads.") }
        assertThat(findings).anySatisfy { assertThat(it).startsWith("SQLITE_BUSY on history reads and sends: 1 with the driver's defaults, 0 tuned: the tuning removed it.") }
        assertThat(SqliteSection.publicTable(rows).rows[1][2]).startsWith("400/s (200–400) history pages/s")
    }

    @Test
    fun `a run without SQLite paths has no sqlite section`() {
        assertThat(SqliteRow.of(emptyList(), emptyList(), listOf(capacity(Subjects.GET, "mysql-keyset", listOf(400.0))), emptyList(), emptyList())).isEmpty()
    }

    @Test
    fun `with the duets the verdict pairs tuned with defaults block by block, on reads and on sends`() {
        fun duet(sampler: String, target: String, ms: (Int) -> Long) = (1..8).flatMap { b ->
            (0 until 20).map { i -> Sample(b * 100_000L + i, ms(b), "$sampler [$target] duet block $b", "200", "", true, "", "", 1 + (b - 1) / 4) }
        }
        // Every other block twice as slow for both: the ratio per block does not see it.
        val slow = { b: Int -> if (b % 2 == 0) 2L else 1L }
        val samples = duet(Subjects.GET, "sqlite-keyset", { 10 * slow(it) }) + duet(Subjects.GET, "sqlite-tuned-keyset", { (10 + it % 2) * slow(it) }) +
            duet(Subjects.SEND_TO_DELIVERY, "sqlite", { 30 * slow(it) }) + duet(Subjects.SEND_TO_DELIVERY, "sqlite-tuned", { 15 * slow(it) })
        val rows = SqliteRow.of(emptyList(), emptyList(), emptyList(), emptyList(), emptyList(), Duet.HISTORY.rows(samples) + Duet.SENDS.rows(samples))
        assertThat(rows[0].readBlocks).hasSize(8)
        assertThat(rows[1].sendBlocks.values).containsOnly(15.0, 30.0)
        val verdict = SqliteSection.verdict(rows)!!
        assertThat(verdict.answer).startsWith("reads: not told apart, tuned / defaults 1.0")
        assertThat(verdict.answer).endsWith("sends: tuned sooner, 0.50× (0.50–0.50, 8 blocks) the defaults' time")
        assertThat(verdict.ratios.map { it.a to it.b }).containsOnly("tuned" to "defaults")
        assertThat(verdict.figures).contains("sends: tuned / defaults per block 0.50, 0.50")
    }
}
