package chatlab.report

import chatlab.report.method.PairedRatio.Call
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

class PoolSectionTest {
    /** [n] samples of one pool trial in [block], [ms] each over one second, the first [failed] of them 503s. */
    private fun trial(kind: String, size: String, block: Int, n: Int, ms: Long, failed: Int = 0): List<Sample> = (0 until n).map { i ->
        val refused = i < failed
        val target = if (kind == "read") "mysql-offset page 100" else "mysql counter"
        Sample(block * 1_000_000L + i * 1000L / n, ms, "pool $kind [$target] size@$size block $block", if (refused) "503" else "200", "", !refused,
            if (refused) "HTTP 503: every database connection stayed busy for the pool's whole wait" else "", "", 1 + (block - 1) / 2)
    }

    private fun audit(size: String, block: Int, held: Boolean) = Sample(block * 1_000_000L + 5_000, 2, "pool audit [mysql counter] size@$size block $block",
        "200", "", held, if (held) "" else "lost or extra updates: the server counts 9, it acknowledged 10", "", 1 + (block - 1) / 2)

    /** Six blocks; each block's host speed (`slow`) is shared by every trial in it, as drift is. */
    private val samples = (1..6).flatMap { b ->
        val slow = if (b % 2 == 0) 2 else 1
        trial("read", "2", b, 50, ms = 40L * slow, failed = 5) + trial("read", "4", b, 50, ms = 6L * slow) + trial("read", "8", b, 50, ms = (6L + b % 3) * slow) +
            trial("read", "9", b, 50, ms = 20L * slow) + trial("read", "10", b, 50, ms = 30L * slow) + trial("read", "10 again", b, 50, ms = (29L + b % 3) * slow) +
            trial("read", "64", b, 50, ms = 25L * slow) +
            trial("write", "2", b, 50, ms = 3) + audit("2", b, true) + trial("write", "8", b, 50, ms = 3) + audit("8", b, b != 3)
    }

    @Test
    fun `each size's trials are read per block, the A-A twin as a row of its own, with failures and the write audits`() {
        val rows = PoolRow.of(samples, cores = 2)
        assertThat(rows.map { "${it.kind} ${it.contender}" })
            .containsExactly("read 2", "read 4", "read 8", "read 9", "read 10", "read 10 again", "read 64", "write 2", "write 8")
        assertThat(rows[0].failed).isEqualTo(30)
        assertThat(rows[0].blocks.keys).containsExactly(1, 2, 3, 4, 5, 6)
        assertThat(rows[0].measured.rounds).hasSize(6)
        assertThat(rows[0].errorPct.median).isEqualTo(10.0)
        assertThat(rows[5].twin).isTrue()
        assertThat(rows[5].size).isEqualTo(10)
        assertThat(rows[8].audits!!.invariant).startsWith("BROKEN in 1/6 rounds")
        assertThat(rows[1].audits).isNull()
        assertThat(PoolRow.isLoad("pool read [mysql-offset page 100] size@8 again block 12")).isTrue()
        assertThat(PoolRow.isLoad("pool read [mysql-offset page 100] size@8")).isTrue()
        assertThat(PoolRow.isLoad("pool read [mysql-offset page 100] warm-up")).isFalse()
    }

    @Test
    fun `the verdict pairs every clean size with the best block by block, and the twin with its size as the control`() {
        val verdict = PoolSection.verdict(PoolRow.of(samples, cores = 2))
        assertThat(verdict.answer).startsWith("read, lowest avg: size 4; not told apart: size 8 1.15× (1.00–1.33, 6 blocks)")
        assertThat(verdict.answer).contains("longer: size 2 6.67× (6.67–6.67, 6 blocks), size 9 3.33× (3.33–3.33, 6 blocks), size 10 5.00× (5.00–5.00, 6 blocks), size 64 4.17×")
        // Run against run compares what the verdict concludes, not its ratios.
        assertThat(RunRepeat.conclusion(verdict.answer)).startsWith("read, lowest avg: size 4, size 8 not told apart; longer: size 2, size 9, size 10, size 64 (failures")
        assertThat(verdict.answer).contains("(failures, median error %, at 2 (10.00%))")
        assertThat(verdict.answer).contains("write, lowest avg: size 2; not told apart: size 8 1.00× (1.00–1.00, 6 blocks)")
        assertThat(verdict.answer).endsWith("LOST UPDATES at sizes 8")
        // Drift doubles every figure in even blocks; the paired ratio does not see it: 9 takes 20 / 6 of 4's time in every block.
        assertThat(verdict.ratios.first { it.a == "9" && it.b == "4" }.let { listOf(it.low, it.high) }).allSatisfy { assertThat(it).isBetween(3.33, 3.34) }
        assertThat(verdict.ratios.map { it.a }).contains("2").doesNotContain("10 again")
        val control = verdict.controls.single()
        assertThat(control.figure).isEqualTo("read avg")
        assertThat(control.ratio.a).isEqualTo("10 again")
        assertThat(control.ratio.b).isEqualTo("10")
        assertThat(control.call).isEqualTo(Call.NOT_TOLD_APART)
        assertThat(control.holds).isTrue()
    }

    @Test
    fun `a twin slower in every block is told apart, so the control fails, unless it was planted and so is found`() {
        val slowTwin = (1..6).flatMap { b -> trial("read", "10", b, 50, ms = 10L + b) + trial("read", "10 again", b, 50, ms = 13L + b) }
        val control = PoolSection.controls(PoolRow.of(slowTwin, cores = 2)).single()
        assertThat(control.call).isEqualTo(Call.A_MORE)
        assertThat(control.holds).isFalse()
        assertThat(control.sentence()).contains("TOLD APART")
        val planted = control.copy(planted = 0.25)
        assertThat(planted.holds).isTrue()
        assertThat(planted.sentence()).endsWith("the planted 25 % found")
    }

    @Test
    fun `the best size has the lowest average, with the sizes the blocks do not tell from it and the rule of thumb judged`() {
        val findings = PoolSection.findings(PoolRow.of(samples, cores = 2))
        assertThat(findings[0]).startsWith("Pool: LOST OR EXTRA UPDATES at sizes 8")
        assertThat(findings).anySatisfy {
            assertThat(it).startsWith("Pool, read (mysql-offset page 100): lowest average at sizes 4, 8, not told apart (the lowest median 9.0 (6.0–12) ms, at size 4); " +
                "clearly higher at sizes 9, 64, 10, 2; failures in most blocks at sizes 2 (10.00%). The rule of thumb (4) is among the best sizes.")
        }
        assertThat(findings).anySatisfy { assertThat(it).startsWith("Pool, write (mysql counter): lowest average at sizes 2, 8, not told apart") }
        assertThat(findings).anySatisfy { assertThat(it).startsWith("Pool, the public finding that 9 connections beat the default 10 (avg 1,660 vs 1,896 ms): held") }
        val table = PoolSection.table(PoolRow.of(samples, cores = 2))
        assertThat(table.rows.map { it[1] }).contains("4 (rule of thumb)", "10 again (A/A twin)")
        assertThat(PoolSection.charts(PoolRow.of(samples, cores = 2))).hasSize(2).allSatisfy {
            assertThat(it.markup).contains("rule of thumb: 4").doesNotContain("10 again")
        }
    }

    @Test
    fun `a run from before blocks pairs its sizes by round`() {
        val rows = PoolRow.of((1..6).flatMap { r ->
            listOf(8 to 5L, 16 to 9L).flatMap { (size, ms) ->
                (0 until 20).map { i -> Sample(r * 1_000_000L + i, ms + r, "pool read [mysql-offset page 100] size@$size", "200", "", true, "", "", r) }
            }
        }, cores = 2)
        assertThat(rows.map { it.blocks.keys }).allSatisfy { assertThat(it).containsExactly(1, 2, 3, 4, 5, 6) }
        assertThat(PoolSection.findings(rows).single()).isEqualTo(
            "Pool, read (mysql-offset page 100): lowest average at size 8, 8.5 (6.0–11) ms, below every other size in the paired blocks; clearly higher at sizes 16. " +
                "The rule of thumb (4) was not swept.",
        )
    }
}
