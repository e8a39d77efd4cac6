package chatlab.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path

class FiguresTest {
    private val p95 = Figure("mix", "get chat messages [mysql-keyset] mix", "p95", Spread(12.5, 10.0, 14.0, 3), standIn = false)
    private val capacity = Figure("capacity", "get chat messages [mongo-offset]", "capacity", Spread(0.0, 0.0, 5.0, 3), standIn = true)

    @Test
    fun `the median of rounds is the middle value, with the extremes beside it`() {
        assertThat(Spread.of(listOf(30.0, 10.0, 12.0))).isEqualTo(Spread(12.0, 10.0, 30.0, 3))
        assertThat(Spread.of(listOf(4.0, 2.0))).isEqualTo(Spread(3.0, 2.0, 4.0, 2))
        assertThat(Spread.of(emptyList())).isNull()
        assertThat(Spread(5.0, 4.0, 6.0, 3).clearlyBelow(Spread(8.0, 6.0, 9.0, 3))).describedAs("touching ranges overlap").isFalse()
        assertThat(Spread(5.0, 4.0, 5.9, 3).clearlyBelow(Spread(8.0, 6.0, 9.0, 3))).isTrue()
    }

    @Test
    fun `over five rounds or more a verdict leaves the best and the worst round out, so one stalled round does not decide it`() {
        val fiveRounds = Spread.of(listOf(650.0, 538.0, 640.0, 632.0, 660.0))!!
        assertThat(fiveRounds).isEqualTo(Spread(640.0, 538.0, 660.0, 5, 632.0, 650.0))
        assertThat(fiveRounds.trimmed).isTrue()
        assertThat(Spread.of(listOf(538.0, 632.0, 650.0))!!.trimmed).describedAs("three rounds are judged on min–max").isFalse()
        // mysql's crossings against sqlite-tuned's: a 538 round of sqlite-tuned ties them over three rounds, not over five.
        val mysql = Spread.of(listOf(439.0, 507.0, 573.0))!!
        assertThat(mysql.capacityBelow(Spread.of(listOf(538.0, 632.0, 650.0))!!)).isFalse()
        val mysqlFive = Spread.of(listOf(439.0, 480.0, 507.0, 520.0, 573.0))!!
        assertThat(mysqlFive.capacityBelow(fiveRounds)).isTrue()
        assertThat(fiveRounds.capacityBelow(mysqlFive)).isFalse()
        assertThat(Findings.judged(fiveRounds)).isEqualTo("640/s (538–660), middle 3 rounds 632–650")
        assertThat(Findings.judged(mysql)).isEqualTo("507/s (439–573)")
        assertThat(fiveRounds.div(10.0)).isEqualTo(Spread(64.0, 53.8, 66.0, 5, 63.2, 65.0))
    }

    @Test
    fun `figures survive the round trip through summary csv`(@TempDir dir: Path) {
        val file = dir.resolve("summary.csv")
        val trimmed = Figure("capacity", "send-to-delivery [mysql]", "slo crossing", Spread.of(listOf(439.0, 480.0, 507.0, 520.0, 573.0))!!, standIn = false)
        Files.writeString(file, Figures.render(listOf(p95, capacity, trimmed)))
        assertThat(Figures.read(file)).containsExactly(p95, capacity, trimmed)
        assertThat(Figures.read(dir.resolve("missing.csv"))).isEmpty()
    }

    @Test
    fun `a run kept before the judged range was written is read with its min-max as that range`(@TempDir dir: Path) {
        val file = dir.resolve("summary.csv")
        Files.writeString(file, "section,label,figure,median,min,max,rounds,stand_in\ncapacity,send-to-delivery [mysql],slo crossing,482,438,514,3,false\n")
        assertThat(Figures.read(file).single().spread).isEqualTo(Spread(482.0, 438.0, 514.0, 3, 438.0, 514.0))
    }

    @Test
    fun `a change is flagged only when the two runs' ranges do not overlap`() {
        val previous = PreviousRun("earlier", listOf(p95).associateBy { it.key })
        val within = previous.change("mix", p95.label, "p95", Spread(13.5, 11.0, 15.0, 3))!!
        assertThat(within.beyondSpread).isFalse()
        assertThat(within.text).isEqualTo("+8 %")
        val beyond = previous.change("mix", p95.label, "p95", Spread(25.0, 20.0, 30.0, 3))!!
        assertThat(beyond.text).isEqualTo("+100 % ⚑")
        assertThat(previous.change("mix", p95.label, "p95", Spread(6.0, 5.0, 7.0, 3))!!.text).isEqualTo("−52 % ⚑")
        assertThat(previous.change("mix", "another label", "p95", Spread(1.0, 1.0, 1.0, 3))).isNull()
    }

    @Test
    fun `latencies whose ranges lie within JMeter's 1 ms of each other are not told apart, other figures are`() {
        val fast = Figure("mix", "get chat messages [mysql-keyset] mix", "p95", Spread(4.0, 3.0, 4.0, 3), false)
        val tps = Figure("mix", fast.label, "tps", Spread(4.0, 3.0, 4.0, 3), false)
        val previous = PreviousRun("earlier", listOf(fast, tps).associateBy { it.key })
        assertThat(previous.change("mix", fast.label, "p95", Spread(5.0, 5.0, 6.0, 3))!!.beyondSpread).describedAs("4 ms → 5 ms").isFalse()
        assertThat(previous.change("mix", fast.label, "p95", Spread(7.0, 6.0, 7.0, 3))!!.beyondSpread).describedAs("4 ms → 6 ms").isTrue()
        assertThat(previous.change("mix", fast.label, "tps", Spread(5.0, 5.0, 6.0, 3))!!.beyondSpread).isTrue()
        assertThat(Findings.compareLatency(Spread(7.0, 7.0, 7.0, 3), Spread(5.0, 3.0, 6.0, 3)))
            .endsWith("no clear difference (the rounds overlap, or lie within 20 % or JMeter's 1 ms of each other).")
        assertThat(Findings.compareLatency(Spread(9.0, 8.0, 9.0, 3), Spread(5.0, 3.0, 6.0, 3))).contains("beyond both spreads")
    }

    @Test
    fun `a latency of one round is not judged, and a change within 20 % is not called even beyond the spreads`() {
        // Two main runs, the stand-in in round 1 only: 105 → 64 ms "1.6× faster", then 88 → 86 ms "about the same, beyond both spreads".
        assertThat(Findings.compareLatency(Spread(88.0, 88.0, 88.0, 1), Spread(86.0, 86.0, 86.0, 1)))
            .isEqualTo("88 ms (88–88) → 86 ms (86–86): about the same in one round, not judged (a verdict needs the spread of several rounds).")
        assertThat(Findings.compareLatency(Spread(50.0, 49.0, 51.0, 3), Spread(46.0, 45.0, 47.0, 3))).describedAs("9 % apart")
            .endsWith(": no clear difference (the rounds overlap, or lie within 20 % or JMeter's 1 ms of each other).")
        assertThat(Findings.compareLatency(Spread(50.0, 49.0, 51.0, 3), Spread(42.0, 41.0, 43.0, 3))).describedAs("1.19× apart")
            .contains("no clear difference")
        assertThat(Findings.compareLatency(Spread(50.0, 49.0, 51.0, 3), Spread(38.0, 37.0, 39.0, 3))).endsWith("faster, beyond both spreads.")
    }

    @Test
    fun `two paths whose rounds separate but whose medians lie within 20 % are not told apart, while run against run flags such a change`() {
        val mode = Spread(1000.0, 980.0, 1020.0, 3)
        val other = Spread(1100.0, 1080.0, 1130.0, 3)
        assertThat(mode.rangeBelow(other)).isTrue()
        assertThat(mode.clearlyBelow(other)).describedAs("1.1× apart: two like runs differ by as much").isFalse()
        assertThat(mode.crossingBelow(other)).isFalse()
        assertThat(mode.clearlyBelow(Spread(1250.0, 1200.0, 1300.0, 3))).describedAs("1.25× apart, beyond both ranges").isTrue()
        val tps = Figure("counters", "view [sqlite-tuned counter] 100 threads", "tps", mode, false)
        assertThat(PreviousRun("earlier", mapOf(tps.key to tps)).change("counters", tps.label, "tps", other)!!.beyondSpread)
            .describedAs("the same figure in two runs: flagged by the ranges alone").isTrue()
    }

    @Test
    fun `the previous run is the newest kept one of the same settings, or the one given if alike`(@TempDir dir: Path) {
        val runs = Files.createDirectories(dir.resolve("runs"))
        val settings = mapOf("slo" to "50", "rounds" to "3")
        fun keep(stamp: String, figures: List<Figure>, kept: Map<String, String>?) = Files.createDirectories(runs.resolve(stamp)).also {
            Files.writeString(it.resolve("summary.csv"), Figures.render(figures))
            if (kept != null) PreviousRun.writeSettings(it, kept)
        }
        keep("20261122-060000", listOf(p95, capacity), settings)
        keep("20261122-070000", listOf(p95), settings + ("slo" to "20"))
        Files.writeString(runs.resolve("20261122-080000.csv"), Figures.render(listOf(p95))) // kept before settings were: never alike
        val found = PreviousRun.find(null, runs, settings)
        assertThat(found.run!!.figures).hasSize(2)
        assertThat(found.run!!.source).contains("20261122-060000")
        val other = PreviousRun.find(null, runs, settings + ("rounds" to "2"))
        assertThat(other.run).isNull()
        assertThat(other.note).startsWith("no like run").contains("has no settings kept beside it")
        val given = keep("given", listOf(capacity), settings)
        assertThat(PreviousRun.find(given.toString(), runs, settings).run!!.figures.keys).containsExactly(capacity.key)
        assertThat(PreviousRun.find(given.resolve("summary.csv").toString(), runs, settings + ("slo" to "20")).note).contains("slo 50 → 20")
        assertThat(PreviousRun.find(null, dir.resolve("none"), settings).run).isNull()
    }

    @Test
    fun `runs on another number of instances or another broker are not alike, and a run kept before those settings ran one simple instance`(@TempDir dir: Path) {
        val runs = Files.createDirectories(dir.resolve("runs"))
        val settings = mapOf("slo" to "50", "rounds" to "3")
        Files.createDirectories(runs.resolve("20261122-060000")).also {
            Files.writeString(it.resolve("summary.csv"), Figures.render(listOf(p95, capacity)))
            PreviousRun.writeSettings(it, settings)
        }
        val one = settings + mapOf("instances" to "1", "broker" to "")
        assertThat(PreviousRun.find(null, runs, one).run).describedAs("one instance, default broker: alike").isNotNull
        val two = PreviousRun.find(null, runs, settings + mapOf("instances" to "2", "broker" to ""))
        assertThat(two.run).isNull()
        assertThat(two.note).contains("instances 1 → 2")
        assertThat(PreviousRun.find(null, runs, settings + mapOf("instances" to "1", "broker" to "relay")).note).contains("broker  → relay")
    }

    @Test
    fun `a run from a JMeter engine is not alike a local run, and a run kept before engines existed was local`(@TempDir dir: Path) {
        val runs = Files.createDirectories(dir.resolve("runs"))
        val settings = mapOf("slo" to "50", "rounds" to "3")
        Files.createDirectories(runs.resolve("20261122-060000")).also {
            Files.writeString(it.resolve("summary.csv"), Figures.render(listOf(p95, capacity)))
            PreviousRun.writeSettings(it, settings)
        }
        assertThat(PreviousRun.find(null, runs, settings + ("remotes" to "")).run).describedAs("local: alike").isNotNull
        val engine = PreviousRun.find(null, runs, settings + ("remotes" to "loopback"))
        assertThat(engine.run).isNull()
        assertThat(engine.note).contains("remotes  → loopback")
    }

    @Test
    fun `a figure on too few samples shows its change but is never flagged`() {
        val before = Figure("mix", "get chat messages [mysql-keyset] mix deep", "p95", Spread(4.0, 3.0, 4.0, 3), false)
        val previous = PreviousRun("earlier", mapOf(before.key to before))
        val change = previous.change("mix", before.label, "p95", Spread(9.0, 8.0, 10.0, 3), judged = false)!!
        assertThat(change.beyondSpread).isFalse()
        assertThat(change.text).isEqualTo("+125 % (not judged)")
    }

    @Test
    fun `a figure either run measured in one round has no range, so its change is shown and never flagged`() {
        // The stand-in's reference p95 in two like main runs, one round each: 2,424 → 3,523 ms.
        val before = Figure("reference", "get chat messages [mongo-keyset] reference", "p95", Spread(2424.0, 2424.0, 2424.0, 1), true)
        val previous = PreviousRun("earlier", mapOf(before.key to before))
        assertThat(previous.change("reference", before.label, "p95", Spread(3523.0, 3523.0, 3523.0, 1))!!.text).isEqualTo("+45 % (not judged)")
        assertThat(previous.change("reference", before.label, "p95", Spread(3523.0, 3400.0, 3600.0, 3))!!.beyondSpread).isFalse()
    }

    @Test
    fun `capacities within a ladder rung of each other are not told apart, so two runs a rung apart print the same verdict`() {
        // Two main runs on one host: mysql-keyset 673–800 against sqlite-keyset 951–1,131, then against 800–1,132.
        assertThat(Spread(673.0, 673.0, 800.0, 3).capacityBelow(Spread(951.0, 951.0, 1131.0, 3))).isFalse()
        assertThat(Spread(800.0, 673.0, 800.0, 3).capacityBelow(Spread(952.0, 800.0, 1132.0, 3))).isFalse()
        // More than a rung below stays below: mysql-offset at 238, sends on sqlite 320–381 against sqlite-tuned 537–639.
        assertThat(Spread(238.0, 238.0, 238.0, 3).capacityBelow(Spread(951.0, 951.0, 1131.0, 3))).isTrue()
        assertThat(Spread(320.0, 320.0, 381.0, 3).capacityBelow(Spread(538.0, 537.0, 639.0, 3))).isTrue()
        assertThat(Spread(538.0, 537.0, 639.0, 3).capacityBelow(Spread(320.0, 320.0, 381.0, 3))).isFalse()
    }

    @Test
    fun `a capacity held is flagged against the previous run only beyond a rung, its crossing by the ranges alone`() {
        // Two like fan-out runs, 100 members on relay-1, middle three rounds: 2,378–2,828, then 2,377 (the refined rungs differ by rounding).
        val label = "delivery [100 members on relay-1]"
        val previous = PreviousRun("earlier", listOf(
            Figure("capacity", label, PreviousRun.CAPACITY, Spread(2378.0, 2378.0, 3363.0, 5, 2378.0, 2828.0), false),
            Figure("capacity", label, "slo crossing", Spread(2378.0, 2378.0, 3363.0, 5, 2378.0, 2828.0), false),
        ).associateBy { it.key })
        val now = Spread(2377.0, 1999.0, 2828.0, 5, 2377.0, 2377.0)
        assertThat(previous.change("capacity", label, PreviousRun.CAPACITY, now)!!.text).isEqualTo("−0 %")
        assertThat(previous.change("capacity", label, "slo crossing", now)!!.text).isEqualTo("−0 % ⚑")
        val rungsBelow = Spread(1414.0, 1189.0, 1682.0, 5, 1189.0, 1682.0)
        assertThat(previous.change("capacity", label, PreviousRun.CAPACITY, rungsBelow)!!.text).isEqualTo("−41 % ⚑")
    }
}
