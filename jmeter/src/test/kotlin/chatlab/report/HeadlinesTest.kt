package chatlab.report

import chatlab.report.ChatRuns.comparison
import chatlab.report.ChatRuns.many
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

class HeadlinesTest {
    @Test
    fun `paths that held the ladder's top are at least that fast, and no path is called highest among them`() {
        fun step(path: String, rate: Int, elapsed: Long, round: Int) = many("send-to-delivery [$path] capacity@$rate", elapsed, round)
        val samples = (1..3).flatMap { r -> listOf("mysql", "sqlite-tuned").flatMap { p -> step(p, 160, 8, r) + step(p, 320, 12, r) } } +
            (1..3).flatMap { r -> step("sqlite", 160, 10, r) + step("sqlite", 320, 70, r) + step("sqlite", 226, 20, r) + step("sqlite", 269, 60, r) }
        val c = comparison(samples)
        val mysql = c.sendCapacity.first { it.subject.key == "mysql" }
        assertThat(mysql.topped).containsExactly(true, true, true)
        assertThat(c.sendCapacity.first { it.subject.key == "sqlite" }.toppedRounds).isZero()
        assertThat(Findings.capacity(mysql)).isEqualTo("320/s (320–320), the ladder's top held in 3/3 rounds (capacity at least that)")
        val headline = Headlines.of(c).last()
        assertThat(headline).contains("No highest on real backends: mysql, sqlite-tuned held the ladder's top").doesNotContain("Highest on real backends")
        assertThat(Findings.of(c)).anySatisfy { assertThat(it).startsWith("Sends — capacity mysql → sqlite-tuned: no clear difference").contains("both held the ladder's top") }
        assertThat(Findings.of(c)).anySatisfy { assertThat(it).startsWith("Sends — capacity sqlite → sqlite-tuned: sqlite-tuned carries more") }
    }

    @Test
    fun `paths are reported against the instrument's ceiling, and those that reach it are placed there, not ranked`() {
        fun read(path: String, rate: Int, elapsed: Long, round: Int) = many("get chat messages [$path] capacity@$rate", elapsed, round)
        fun me(rate: Int, elapsed: Long, round: Int) = many("who am i [instrument] capacity@$rate", elapsed, round)
        // The instrument holds 800 and misses 1600 in every round; mysql-keyset and sqlite-keyset reach it, mysql-offset stops at 200.
        val samples = (1..3).flatMap { r ->
            me(800, 20, r) + me(1600, 90, r) +
                listOf("mysql-keyset", "sqlite-keyset").flatMap { p -> read(p, 400, 10, r) + read(p, 800, if (r == 2) 60 else 30, r) + read(p, 1600, 200, r) } +
                read("mysql-offset", 100, 10, r) + read("mysql-offset", 200, 40, r) + read("mysql-offset", 400, 90, r)
        }
        val c = comparison(samples)
        val ceiling = c.readCapacity.single { it.instrument }
        assertThat(ceiling.sampler).isEqualTo(Subjects.WHO_AM_I)
        assertThat(ceiling.capacity).isEqualTo(Spread(800.0, 800.0, 800.0, 3))
        val offset = c.readCapacity.single { it.subject.key == "mysql-offset" }
        assertThat(offset.ofCeiling(ceiling)).isEqualTo(0.25)
        assertThat(offset.atCeiling(ceiling)).isFalse()
        assertThat(c.readCapacity.single { it.subject.key == "mysql-keyset" }.atCeiling(ceiling)).describedAs("800 in 2 of 3 rounds").isTrue()
        assertThat(Findings.capacity(offset, ceiling)).isEqualTo("200/s (200–200), 25 % of the ceiling")
        val headline = Headlines.of(c).first()
        assertThat(headline).contains("the instrument's ceiling 800/s (800–800)")
            .contains("mysql-keyset, sqlite-keyset reach the instrument's ceiling (800/s (800–800)")
            .contains("mysql-offset carry less, beyond the spreads").doesNotContain("ladder's top")
        assertThat(Findings.of(c)).anySatisfy { assertThat(it).startsWith("Capacity — Pagination on MySQL (mysql-offset → mysql-keyset): mysql-keyset carries more") }
        assertThat(Columns.capacity("reads", c.readCapacity, c).rows.map { it[3] }).containsExactly("25 %", "100 % ◆", "100 % ◆", "ceiling")

        // Against a run whose crossings were half of these: a path's crossing is flagged, the instrument's is shown, never judged.
        val halved = Figures.of(c).map { if (it.figure == "slo crossing") it.copy(spread = it.spread.let { s -> Spread(s.median / 2, s.min / 2, s.max / 2, s.rounds) }) else it }
        val against = Columns.capacity("reads", c.readCapacity, c.copy(previous = PreviousRun("earlier", halved.associateBy { it.key }))).rows
        assertThat(against.single { it[0] == "mysql-offset" }[6]).isEqualTo("+100 % ⚑")
        assertThat(against.single { it[0] == "instrument" }[6]).isEqualTo("+100 % (not judged)")

        // An instrument that held the ladder's top (capped by capacityMax) measured the ladder: nothing is placed at it.
        val capped = comparison(samples.filterNot { it.label == "who am i [instrument] capacity@1600" })
        assertThat(Findings.ceiling(capped.readCapacity)).isNull()
        assertThat(Headlines.of(capped).first()).doesNotContain("reach the instrument's ceiling").doesNotContain("% of the ceiling")
    }

    @Test
    fun `one poor round of the instrument does not place every path at its ceiling`() {
        fun read(rate: Int, elapsed: Long, round: Int) = many("get chat messages [mysql-keyset] capacity@$rate", elapsed, round)
        fun me(rate: Int, elapsed: Long, round: Int) = many("who am i [instrument] capacity@$rate", elapsed, round)
        // The instrument holds 1600 in rounds 1 and 3 but only 200 in round 2; mysql-keyset holds 400 in every round.
        val samples = (1..3).flatMap { r ->
            me(200, 10, r) + me(400, if (r == 2) 90 else 10, r) + me(800, 20, r) + me(1600, 30, r) + me(3200, 200, r) +
                read(200, 10, r) + read(400, 20, r) + read(800, 90, r)
        }
        val c = comparison(samples)
        val ceiling = c.readCapacity.single { it.instrument }
        assertThat(ceiling.capacity.min).isEqualTo(200.0)
        val keyset = c.readCapacity.single { it.subject.key == "mysql-keyset" }
        assertThat(keyset.capacity.max).describedAs("above the instrument's poor round").isGreaterThanOrEqualTo(ceiling.capacity.min)
        assertThat(keyset.atCeiling(ceiling)).describedAs("400/s against the instrument's median 1600/s").isFalse()
        assertThat(Headlines.of(c).first()).doesNotContain("reach the instrument's ceiling")
    }

    @Test
    fun `paths whose rounds overlap the highest are named together as the top tier, with those clearly below and their share of the ceiling`() {
        fun read(path: String, rate: Int, elapsed: Long, round: Int) = many("get chat messages [$path] capacity@$rate", elapsed, round)
        fun me(rate: Int, elapsed: Long, round: Int) = many("who am i [instrument] capacity@$rate", elapsed, round)
        // sqlite-keyset holds 800 in rounds 1-2 and 400 in round 3; mysql-keyset 400, 400, 800: they overlap. mysql-offset stops at 100.
        val samples = (1..3).flatMap { r ->
            me(1600, 20, r) + me(3200, 90, r) +
                read("sqlite-keyset", 400, 10, r) + read("sqlite-keyset", 800, if (r == 3) 70 else 30, r) + read("sqlite-keyset", 1600, 200, r) +
                read("mysql-keyset", 400, 10, r) + read("mysql-keyset", 800, if (r == 3) 30 else 70, r) +
                read("mysql-offset", 100, 10, r) + read("mysql-offset", 200, 90, r)
        }
        val headline = Headlines.of(comparison(samples)).first()
        assertThat(headline).contains("Highest on real backends: sqlite-keyset, mysql-keyset, not told apart (${Findings.CAPACITY_TIE}); " +
            "mysql-offset carries less than sqlite-keyset, beyond the spreads; at 25 %–50 % of the instrument's ceiling")
            .doesNotContain("No path carries more")
    }
}
