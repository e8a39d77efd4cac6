package chatlab.report

import chatlab.report.document.Block
import chatlab.report.method.KeptRatio
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.time.Instant

class RunRepeatTest {
    private val backends = mapOf("mysql" to Backend("MariaDB", "11.4.5", "embedded", "MariaDB 11.4.5 (embedded)", null))

    /** Rooms of 10 and 100 members on one instance over [rounds] rounds, each holding [held] offered deliveries/s. */
    private fun run(held: Int, previous: PreviousRun? = null, rounds: Int = 3): Comparison = run(List(rounds) { held }, previous)

    /** The same, round N holding held[N - 1] offered deliveries/s. */
    private fun run(held: List<Int>, previous: PreviousRun? = null): Comparison {
        val samples = held.withIndex().flatMap { (index, held) ->
            val round = index + 1
            listOf(10, 100).flatMap { members ->
                listOf(500, 1000, 2000, 4000).filter { it <= 2 * held }.flatMap { rate ->
                    (0 until 40).map { Sample(it * 10L, if (rate <= held) 20 else 300, "delivery [$members members] capacity@$rate", "200", "", true, "", "", round) }
                }
            }
        }
        val settings = mapOf("fanoutSlo" to "100", "fanoutRates" to "500,1000,2000,4000")
        return ComparisonBuilder(samples, Environment(backends, mapOf("cpus" to "2"), settings, Instant.EPOCH, null, null)).build().copy(previous = previous)
    }

    private fun kept(before: Comparison, verdicts: Boolean = true) =
        PreviousRun("earlier", Figures.of(before).associateBy { it.key }, if (verdicts) RunRepeat.answers(before).toMap() else emptyMap())

    @Test
    fun `a run that repeats the previous one is said to, figure by figure and verdict by verdict`() {
        val again = run(1000, kept(run(1000)))
        assertThat(RunRepeat.finding(again)).isEqualTo(
            "Against the previous like run: 4 of 4 judged figures within ±20 % of it (p95s: or 1 ms) — capacities 2 of 2, " +
                "SLO crossings 2 of 2; verdicts the same in 1 of 1 experiments.")
        assertThat(Findings.run(again)).contains(RunRepeat.finding(again))
        assertThat(RunRepeat.finding(run(1000))).describedAs("no previous run, no line").isNull()
    }

    @Test
    fun `figures that moved beyond 20 % are counted and the furthest named, and a changed verdict shows both answers`() {
        val c = run(2000, kept(run(1000)))
        assertThat(RunRepeat.finding(c))
            .startsWith(
                "Against the previous like run: 0 of 4 judged figures within ±20 % of it (p95s: or 1 ms) — capacities 0 of 2, SLO crossings 0 of 2; " +
                    "all 4 outside it beyond both runs' ranges (⚑); furthest: ",
            )
            .contains("delivery [10 members] capacity +100 % (1,000 → 2,000)")
            .contains("; verdicts the same in 0 of 1 experiments; fanout was “one deployment: ")
        assertThat(RunRepeat.finding(run(2000, kept(run(1000), verdicts = false)))).endsWith("; the previous run kept no verdicts.")
    }

    @Test
    fun `a figure outside 20 % whose rounds spread as far is counted apart from one beyond both runs' ranges`() {
        // Before: 1,000, 1,000 and 2,000/s (median 1,000); now 1,000, 2,000 and 2,000 (median 2,000): the medians lie 100 %
        // apart, the ranges overlap.
        val overlapping = run(listOf(1000, 2000, 2000), kept(run(listOf(1000, 1000, 2000))))
        assertThat(RunRepeat.finding(overlapping)).contains("0 of 4 judged figures within ±20 %")
            .contains("; none of the 4 outside it lies beyond both runs' ranges (no ⚑); furthest: ")
        val apart = run(listOf(2000, 2000, 2000), kept(run(listOf(1000, 1000, 1000))))
        assertThat(RunRepeat.finding(apart)).contains("; all 4 outside it beyond both runs' ranges (⚑)")
    }

    @Test
    fun `figures of one round are not judged`() {
        assertThat(RunRepeat.finding(run(2000, kept(run(1000, rounds = 1)), rounds = 1)))
            .startsWith("Against the previous like run: no figure that both runs measured in two rounds or more; verdicts the same in 0 of 1")
    }

    @Test
    fun `a verdict is compared by what it concludes, not by its runner-up, its ratios, the order within a group or who led a tie`() {
        fun same(a: String, b: String) = assertThat(RunRepeat.conclusion(a)).describedAs("“$a” against “$b”").isEqualTo(RunRepeat.conclusion(b))
        fun differ(a: String, b: String) = assertThat(RunRepeat.conclusion(a)).describedAs("“$a” against “$b”").isNotEqualTo(RunRepeat.conclusion(b))
        same("safe; fastest: redis-gate, 1.5× db-atomic, beyond every spread", "safe; fastest: redis-gate, 1.2× db-lock, beyond every spread")
        same("sends: tuned, more than defaults, beyond every spread", "sends: tuned, 1.7× defaults, beyond every spread")
        same("10 members, by p95 at 500/s: simple-1; relay-2 takes 6.3× as long, beyond every spread",
            "10 members, by p95 at 500/s: simple-1; relay-2 takes 7.5× as long, beyond every spread")
        same("fastest: a log, a counter not told apart; b counter, b log less, beyond the spreads",
            "fastest: a counter, a log not told apart; b log, b counter less, beyond the spreads")
        differ("fastest: a log, a counter not told apart; b counter, b log less, beyond the spreads",
            "fastest: a counter, a log, b log not told apart; b counter less, beyond the spreads")
        differ("mysql-keyset, 1.4× mysql-offset, beyond every spread", "mysql-offset, 1.4× mysql-keyset, beyond every spread")
        differ("100 members, by p95 at 500/s: simple-1, relay-2 not told apart", "100 members, by p95 at 500/s: simple-1; relay-2 takes 2.8× as long, beyond every spread")
        differ("read, lowest p95: size 8, size 10 not told apart", "read, lowest p95: size 8, size 9 not told apart")
        same("read, lowest avg: size 8; not told apart: size 9 1.04× (0.95–1.15, 6 blocks); longer: size 4 2.10× (1.90–2.30, 6 blocks)",
            "read, lowest avg: size 9; not told apart: size 8 0.97× (0.90–1.06, 6 blocks); longer: size 4 2.00× (1.80–2.30, 6 blocks)")
        same("safe; a; not told apart: b 1.02× (0.95–1.09, 12 blocks), c 1.05× (0.97–1.12, 12 blocks); longer: d 2.00× (1.8–2.2, 12 blocks)",
            "safe; c; not told apart: a 0.98× (0.95–1.09, 12 blocks), b 1.01× (0.97–1.12, 12 blocks); longer: d 1.90× (1.8–2.2, 12 blocks)")
        differ("a; not told apart: b 1.02× (0.95–1.09, 12 blocks); longer: c 2.00× (1.8–2.2, 12 blocks)",
            "a; not told apart: c 1.05× (0.95–1.09, 12 blocks); longer: b 2.00× (1.8–2.2, 12 blocks)")
        differ("a; not told apart: b 1.02× (0.95–1.09, 12 blocks)", "a, sooner than every other path; longer: b 1.30× (1.2–1.4, 12 blocks)")
        same("safe; a; not told apart: b 1.06× (0.96–1.16, 12 blocks); longer: c 1.50× (1.39–1.64, 12 blocks), d 2.05× (1.90–2.84, 12 blocks), e 2.17× (2.01–2.51, 12 blocks)",
            "safe; a; not told apart: b 0.94× (0.84–1.07, 12 blocks); longer: c 1.35× (1.19–1.53, 12 blocks), e 1.89× (1.73–2.13, 12 blocks), d 2.01× (1.67–2.25, 12 blocks)")
        differ("a; longer: b 1.5× (1.3–1.7, 12 blocks), c 2.0× (1.8–2.2, 12 blocks)", "a; not told apart: b 1.05× (0.9–1.2, 12 blocks); longer: c 2.0× (1.8–2.2, 12 blocks)")
    }

    @Test
    fun `the report keeps its verdicts beside its figures, and the next like run reads them back`(@TempDir dir: Path) {
        val answers = listOf("seats" to "db-lock, 1.5× redis-lock; \"quoted\", and more", "pool" to "reads, lowest p95: size 4")
        Files.writeString(dir.resolve("summary.csv"), Figures.render(Figures.of(run(1000))))
        Files.writeString(dir.resolve(RunRepeat.VERDICTS_FILE), RunRepeat.render(answers))
        PreviousRun.writeSettings(dir, mapOf("slo" to "50"))
        val found = PreviousRun.find(dir.toString(), null, mapOf("slo" to "50")).run
        assertThat(found?.verdicts).isEqualTo(answers.toMap())
        assertThat(RunRepeat.read(dir.resolve("elsewhere").resolve("summary.csv"))).isEmpty()
    }

    /** Twelve duet blocks of history's reads, mysql-offset [offsetMs] and mysql-keyset [keysetMs] per page, keyset's A/A twin alike. */
    private fun duet(offsetMs: Long, keysetMs: Long, previous: PreviousRun? = null): Comparison {
        fun reads(path: String, block: Int, ms: Long) = (0 until 30).map { i ->
            Sample(block * 1_000_000L + i * 33L, ms + (i + block) % 3 + if (path == "mysql-offset") block % 4 else 0, "get chat messages [$path] duet block $block", "200", "", true, "", "", 1)
        }
        val samples = (1..12).flatMap { b -> reads("mysql-offset", b, offsetMs) + reads("mysql-keyset", b, keysetMs) + reads("mysql-keyset again", b, keysetMs) }
        return ComparisonBuilder(samples, Environment(backends, mapOf("cpus" to "2"), mapOf("readDuetRate" to "90"), Instant.EPOCH, null, null)).build()
            .copy(previous = previous)
    }

    @Test
    fun `a blocked verdict that reverses against the previous like run is flagged on the first screen, its control beside it`(@TempDir dir: Path) {
        val before = duet(offsetMs = 20, keysetMs = 10)
        val ratios = RunRepeat.ratios(before)
        assertThat(ratios.map { Triple(it.control, it.a, it.b) }).containsExactly(
            Triple(false, "mysql-offset", "mysql-keyset"), Triple(true, "mysql-keyset again", "mysql-keyset"))
        assertThat(ratios.map { it.figure }).containsOnly("get chat messages avg")
        Files.writeString(dir.resolve("summary.csv"), Figures.render(Figures.of(before)))
        Files.writeString(dir.resolve(KeptRatio.FILE), KeptRatio.render(ratios))
        PreviousRun.writeSettings(dir, mapOf("slo" to "50"))
        val kept = PreviousRun.find(dir.toString(), null, mapOf("slo" to "50")).run!!
        assertThat(kept.ratios).hasSize(2)

        val same = RunRepeat.ratioRepeat(duet(offsetMs = 20, keysetMs = 10, kept))!!
        assertThat(same.reversals).isEmpty()
        assertThat(same.matches).allSatisfy { assertThat(it.overlap).isTrue() }

        val reversed = duet(offsetMs = 10, keysetMs = 20, kept)
        val flagged = RunRepeat.ratioRepeat(reversed)!!.reversals.single()
        assertThat(flagged.now.a to flagged.now.b).isEqualTo("mysql-keyset" to "mysql-offset")
        val lead = ReportDocument("PASSED", true).of(reversed).lead.filterIsInstance<Block.Bullets>().flatMap { it.items }
        assertThat(lead).anySatisfy { assertThat(it).startsWith("REVERSED: history mysql-keyset / mysql-offset, get chat messages avg: 1.69× (1.56–1.83, 12 blocks), was 0.49×") }
        assertThat(lead).anySatisfy { assertThat(it).contains("1 verdict and 1 control pairs both runs name").contains("1 REVERSED") }
    }
}
