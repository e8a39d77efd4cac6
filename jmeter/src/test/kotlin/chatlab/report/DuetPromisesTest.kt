package chatlab.report

import chatlab.report.method.PairedRatio.Call
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

/** The sends' duet at two durability promises: stores ranked only at the same promise, each store's promises paired. */
class DuetPromisesTest {
    /** [n] sends to [target] in duet [block], [ms] each. */
    private fun sends(target: String, block: Int, n: Int, ms: Long): List<Sample> = (0 until n).map { i ->
        Sample(block * 1_000_000L + i * 1000L / n, ms, "send-to-delivery [$target] duet block $block", "200", "", true, "", "", 1)
    }

    /**
     * Twelve blocks in pairs, the durable block first in odd pairs and second in even ones; every block's host speed
     * (`slow`) is shared by every store in it. Durable: mysql 20 ms, sqlite 30, sqlite-tuned 10; relaxed: mysql 8,
     * sqlite-tuned 8; the twin as its original at each promise.
     */
    private fun run(): List<Sample> = (1..12).flatMap { b ->
        val pair = (b + 1) / 2
        val durable = (b % 2 == 1) == (pair % 2 == 1)
        val slow = if (pair % 3 == 0) 2L else 1L
        if (durable) {
            sends("mysql durable", b, 20, 20 * slow) + sends("sqlite durable", b, 20, 30 * slow) +
                sends("sqlite-tuned durable", b, 20, 10 * slow) + sends("mysql durable again", b, 20, (20 + b % 2) * slow)
        } else {
            sends("mysql relaxed", b, 20, 8 * slow) + sends("sqlite-tuned relaxed", b, 20, 8 * slow) + sends("mysql relaxed again", b, 20, (8 + b % 2) * slow)
        }
    }

    @Test
    fun `stores are ranked only against stores at the same promise, and a store's two promises pair block pair by block pair`() {
        val rows = Duet.SENDS.rows(run())
        val verdict = Duet.SENDS.verdict(rows, mapOf("sendDuetRate" to "40"))

        assertThat(verdict.question).endsWith("among stores that promise the same?")
        assertThat(verdict.answer).startsWith("at the durable promise: sqlite-tuned durable, sooner than every other store; longer: ")
        assertThat(verdict.answer).contains("; at the relaxed promise: ")
        val mysqlDurable = verdict.ratios.single { it.a == "mysql durable" && it.figure.endsWith("at durable") }
        assertThat(mysqlDurable.b).isEqualTo("sqlite-tuned durable")
        assertThat(mysqlDurable.estimate).isEqualTo(2.0)
        assertThat(verdict.ratios.filter { it.figure.endsWith("at durable") }.map { it.a }).doesNotContain("mysql relaxed", "sqlite-tuned relaxed")
        val cost = verdict.ratios.single { it.a == "mysql durable" && it.b == "mysql relaxed" }
        assertThat(cost.blocks).describedAs("six pairs of blocks").isEqualTo(6)
        assertThat(cost.estimate).isEqualTo(2.5)
        assertThat(verdict.answer).contains("mysql durable / relaxed 2.50× (2.50–2.50, 6 pairs of blocks)")
        assertThat(verdict.answer).contains("sqlite-tuned durable / relaxed 1.25×")
    }

    @Test
    fun `one A-A twin spans both promises, so its control has every block`() {
        val control = Duet.SENDS.control(Duet.SENDS.rows(run()), planted = 0.0)!!

        assertThat(control.ratio.a).isEqualTo("mysql again")
        assertThat(control.ratio.b).isEqualTo("mysql")
        assertThat(control.ratio.blocks).isEqualTo(12)
        assertThat(control.call).isEqualTo(Call.NOT_TOLD_APART)
    }

    @Test
    fun `a contender's promise is its last word before the twin's, and a duet without promises has none`() {
        assertThat(DuetPromises.of("mysql relaxed again")).isEqualTo("relaxed")
        assertThat(DuetPromises.withoutPromise("mysql relaxed again")).isEqualTo("mysql again")
        assertThat(DuetPromises.of("mongo-redis-keyset warm")).isNull()
        assertThat(DuetPromises.withoutPromise("mongo-redis-keyset warm")).isEqualTo("mongo-redis-keyset warm")
        assertThat(DuetPromises.rankings(Duet.HISTORY.rows(sends("mysql", 1, 3, 5).map { it.copy(label = "get chat messages [mysql-keyset] duet block 1") }), "x")).isEmpty()
    }

    @Test
    fun `the section says what each promise means and prints the disk's fsync time the promise sampler measured`() {
        val fsync = Sample(1, 40, "durability durable before duet block 1", "200",
            "mysql innodb_flush_log_at_trx_commit=1; fsync p50 490 us, p99 920 us, max 1300 us of 300 4096-byte writes", true, "", "", 1)
        val later = fsync.copy(responseMessage = "mysql …; fsync p50 510 us, p99 900 us, max 1300 us of 300 4096-byte writes")
        val text = DuetPromises.text(Duet.SENDS.rows(run()), run() + fsync + later)!!.text

        assertThat(text).contains("innodb_flush_log_at_trx_commit=2").contains("synchronous=NORMAL, the public guide's setting")
        assertThat(text).contains("p50 490–510 µs, p99 900–920 µs, max 1300 µs (2 measurements of 300 writes)")
        assertThat(DuetPromises.text(Duet.SENDS.rows(run()), run())!!.text).contains("was not measured")
    }
}
