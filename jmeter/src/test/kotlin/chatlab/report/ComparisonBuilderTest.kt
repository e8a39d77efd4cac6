package chatlab.report

import chatlab.report.ChatRuns.comparison
import chatlab.report.ChatRuns.many
import chatlab.report.ChatRuns.sample
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

class ComparisonBuilderTest {
    @Test
    fun `a figure is the median of its rounds, with their min and max`() {
        val label = "get chat messages [mysql-keyset] reference"
        val c = comparison(many(label, 10, 1) + many(label, 30, 2) + many(label, 12, 3) + many("get chat messages [mysql-offset] reference", 100, 1))
        val row = c.referenceOf(Subjects.GET).first { it.subject.key == "mysql-keyset" }
        assertThat(row.measured.rounds).hasSize(3)
        // 20 samples of 12 ms: the 19th of 20 lies 0.95 of the way through 12's interval, 11.5–12.5 ms
        assertThat(row.measured.spread { it.p95 }).isEqualTo(Spread(12.45, 10.45, 30.45, 3))
        assertThat(row.stats.p95).isEqualTo(12.45)
        assertThat(row.stats.samples).isEqualTo(60)
        assertThat(row.avgRatio).isEqualTo(0.12)
        assertThat(c.referenceOf(Subjects.GET).first { it.subject.key == "mysql-offset" }.standIn).isFalse()
        assertThat(c.rounds).isEqualTo(3)
    }

    @Test
    fun `capacity is the highest step held with every step below it, in each round`() {
        fun step(rate: Int, elapsed: Long, round: Int) = many("get chat messages [mysql-keyset] capacity@$rate", elapsed, round)
        val samples = (1..3).flatMap { r -> step(25, 5, r) + step(50, 8, r) } +
            step(100, 20, 1) + step(100, 90, 2) + step(100, 30, 3) + // round 2: p95 over the 50 ms SLO
            step(200, 40, 1) + step(200, 70, 3) +
            listOf(sample("get chat messages [mysql-keyset] capacity@200", 40, 1, success = false, why = "not newest first")) // a wrong answer fails the step
        val path = comparison(samples).readCapacity.single()
        assertThat(path.perRound).containsExactly(100.0, 50.0, 100.0)
        assertThat(path.capacity).isEqualTo(Spread(100.0, 50.0, 100.0, 3))
        assertThat(path.steps.map { it.rate to it.heldRounds }).containsExactly(25.0 to 3, 50.0 to 3, 100.0 to 2, 200.0 to 0)
        assertThat(path.standIn).isFalse()
    }

    @Test
    fun `a refined step counts in the rounds that ran it, and the table lists refinements apart from the ladder`() {
        fun step(rate: Int, elapsed: Long, round: Int) = many("get chat messages [mysql-keyset] capacity@$rate", elapsed, round)
        val samples = (1..3).flatMap { r -> step(25, 5, r) + step(50, 8, r) + step(100, 20, r) + step(200, 90, r) } +
            step(141, 30, 1) + step(168, 70, 1) + // round 1: 200 missed, 141 held, 168 missed
            step(141, 60, 2) + step(119, 40, 2) + // round 2: 141 missed, 119 held
            step(141, 35, 3) + step(168, 45, 3) // round 3: both held
        val c = comparison(samples, mapOf("capacityRates" to "25,50,100,200"))
        val path = c.readCapacity.single()
        assertThat(path.perRound).containsExactly(141.0, 119.0, 168.0)
        assertThat(path.steps.map { Triple(it.rate, it.heldRounds, it.rounds) })
            .contains(Triple(200.0, 0, 3), Triple(141.0, 2, 3), Triple(119.0, 1, 1), Triple(168.0, 1, 2))
        val table = Columns.capacity("reads", c.readCapacity, c)
        assertThat(table.headers).contains("p95 ms @ 200/s").doesNotContain("p95 ms @ 141/s")
        assertThat(table.rows.single().last()).startsWith("119/s: ").contains("held 1/1").contains("; 141/s: ").contains("held 2/3; 168/s: ")
    }

    @Test
    fun `the SLO crossing is interpolated inside the step a round missed on latency, and is the step held otherwise`() {
        fun step(rate: Int, elapsed: Long, round: Int) = many("get chat messages [mysql-keyset] capacity@$rate", elapsed, round)
        val samples = (1..3).flatMap { r -> step(50, 10, r) + step(100, 40, r) } +
            step(200, 160, 1) + // missed on latency: p95 40.45 → 160.45 ms across ×2, so 50 ms at 100 × 2^(ln(50/40.45) / ln(160.45/40.45)) ≈ 111/s
            step(200, 30, 2) + // held the top step: nothing above it to interpolate into
            step(200, 45, 3) + listOf(sample("get chat messages [mysql-keyset] capacity@200", 45, 3, code = "503", success = false))
        val path = comparison(samples).readCapacity.single()
        assertThat(path.perRound).containsExactly(100.0, 200.0, 100.0)
        assertThat(path.crossings).describedAs("round 3 missed on a failure, not on latency").containsExactly(111.0, 200.0, 100.0)
        assertThat(path.crossing).isEqualTo(Spread(111.0, 100.0, 200.0, 3))
        assertThat(Figures.of(comparison(samples)).single { it.figure == "slo crossing" }.spread).isEqualTo(path.crossing)
    }

    @Test
    fun `the findings name where the failures that count are, not where the sweep's own losses are`() {
        val sweep = (1..3).map { sample("pool write [mysql counter] size@2", 1000, code = "Non HTTP response code: java.net.SocketTimeoutException", success = false) }
        val refused = sample("enter [db-lock] rush", 3000, code = "503", success = false, why = "HTTP 503: every database connection stayed busy")
        val c = comparison(sweep + refused + many("get chat messages [mysql-offset] reference", 10))
        assertThat(c.failedSamples).isEqualTo(1)
        assertThat(c.failures.first().label).describedAs("every failure, by label").isEqualTo("pool write [mysql counter] size@2")
        assertThat(Findings.of(c)).anySatisfy { assertThat(it).startsWith("1 of ").contains("most in \"enter [db-lock] rush\"") }
    }

    @Test
    fun `a path that fails its first step has no capacity, and its overload does not fail the run`() {
        val label = "get chat messages [mongo-offset] capacity@5"
        val timeout = sample(label, 2000, code = "503", success = false, why = "HTTP 503: deadline")
        val aborted = sample(label, 250, code = "Non HTTP response code: org.apache.http.impl.execchain.RequestAbortedException", success = false)
        val closed = sample(label, 181, code = "Non HTTP response code: org.apache.http.ConnectionClosedException", success = false)
        // Closed by JMeter before the request was written (the end of a missed step).
        val closedBefore = Sample(0, 53, label, "Non HTTP response code: java.net.SocketException", "Non HTTP response message: Socket is closed", false,
            "HTTP Non HTTP response code: java.net.SocketException: java.net.SocketException: Socket is closed", "", 1)
        val c = comparison(many(label, 120) + timeout + aborted + closed + closedBefore + many("get chat messages [mysql-offset] reference", 10))
        val path = c.readCapacity.single()
        assertThat(path.perRound).containsExactly(0.0)
        assertThat(Findings.rate(path.capacity)).isEqualTo("below the first step")
        assertThat(path.standIn).isTrue()
        assertThat(c.overloadSamples).describedAs("a 503 and three requests JMeter aborted or closed at the step's end").isEqualTo(4)
        assertThat(c.failedSamples).isZero()
        assertThat(Gate(0.0, 0.0).passed(c)).isTrue()
        assertThat(Gate.describe(c)).contains("4 more unanswered in capacity steps beyond capacity (not counted)")
        val pong = Sample(0, 3, "ws close [10 members on simple-1] capacity@2000", "500", "", false,
            "Sampler error Sampler error: java.lang.IllegalStateException: Cannot send pong frame when state is CLOSED_CLIENT", "", 1)
        assertThat(pong.cut).describedAs("the client's own close racing a server ping is no answer, not a wrong one").isTrue()
        assertThat(pong.copy(failureMessage = "expected the RECEIPT of SUBSCRIBE, got: ERROR").noAnswer).isFalse()
    }

    @Test
    fun `a warm-up request cut when the warm-up ends does not fail the run, a wrong warm-up answer does`() {
        val label = "get chat messages [mysql-offset] warm-up"
        val cut = Sample(0, 1048, label, "Non HTTP response code: java.net.SocketException", "Non HTTP response message: Socket closed", false, "", "", 1)
        val c = comparison(many(label, 5) + cut + many("get chat messages [mysql-offset] reference", 10))
        assertThat(c.warmUpLosses).isEqualTo(1)
        assertThat(c.failedSamples).isZero()
        assertThat(Gate(0.0, 0.0).passed(c)).isTrue()
        assertThat(Gate.describe(c)).contains("1 unanswered in the unmeasured warm-up (not counted)")
        val wrong = comparison(many(label, 5) + sample(label, 20, success = false, why = "not newest first at message 7"))
        assertThat(wrong.wrongSamples).isEqualTo(1)
        assertThat(Gate(0.0, 100.0).passed(wrong)).isFalse()
    }

    @Test
    fun `a wrong answer in an overloaded step still fails the run`() {
        val label = "get chat messages [mysql-offset] capacity@400"
        val c = comparison(many(label, 300) + sample(label, 300, success = false, why = "not newest first at message 7"))
        assertThat(c.readCapacity.single().perRound).containsExactly(0.0)
        assertThat(c.overloadSamples).isZero()
        assertThat(c.wrongSamples).isEqualTo(1)
        assertThat(Gate(0.0, 100.0).passed(c)).isFalse()
    }

    @Test
    fun `one path carries more than another only beyond both spreads`() {
        fun ladder(path: String, held: List<Int>) = held.withIndex().flatMap { (i, top) ->
            listOf(25, 50, 100, 200).flatMap { rate -> many("get chat messages [$path] capacity@$rate", if (rate <= top) 5L else 80L, i + 1) }
        }
        val clear = comparison(ladder("mysql-offset", listOf(25, 25, 50)) + ladder("mysql-keyset", listOf(100, 200, 100)))
        assertThat(Findings.of(clear)).anySatisfy {
            assertThat(it).startsWith("Capacity — Pagination on MySQL").contains("mysql-keyset carries more (p95 reached the SLO at ").endsWith("), beyond both spreads.")
        }
        val overlap = comparison(ladder("mysql-offset", listOf(25, 100, 50)) + ladder("mysql-keyset", listOf(100, 200, 50)))
        assertThat(Findings.of(overlap)).anySatisfy { assertThat(it).startsWith("Capacity — Pagination on MySQL").contains("no clear difference") }
        // Two main runs printed "mysql carries more …, beyond both spreads" against the stand-in's one round.
        val oneRound = comparison(ladder("mysql-offset", listOf(25, 25, 50)) + ladder("mysql-keyset", listOf(200)))
        assertThat(Findings.of(oneRound)).anySatisfy {
            assertThat(it).startsWith("Capacity — Pagination on MySQL").contains("not judged (").contains("one of them ran one)")
        }
    }

    @Test
    fun `each path is judged over the rounds it ran, so five rounds of sends leave three of reads whole`() {
        fun send(store: String, held: List<Int>) = held.withIndex().flatMap { (i, top) ->
            listOf(80, 160, 320, 640, 1280).flatMap { rate -> many("send-to-delivery [$store] capacity@$rate", if (rate <= top) 5L else 80L, i + 1) }
        }
        fun read(held: List<Int>) = held.withIndex().flatMap { (i, top) ->
            listOf(100, 200, 400).flatMap { rate -> many("get chat messages [mysql-keyset] capacity@$rate", if (rate <= top) 5L else 80L, i + 1) }
        }
        // sqlite-tuned's third round stalled: over its five rounds the verdict leaves it out with the best round.
        val c = comparison(read(listOf(200, 200, 100)) + send("mysql", listOf(160, 160, 160, 160, 160)) + send("sqlite-tuned", listOf(320, 640, 160, 320, 640)))
        assertThat(c.readCapacity.single().perRound).containsExactly(200.0, 200.0, 100.0)
        val sends = c.sendCapacity.associateBy { it.subject.key }
        assertThat(sends.getValue("sqlite-tuned").capacity).isEqualTo(Spread(320.0, 160.0, 640.0, 5, 320.0, 640.0))
        assertThat(Headlines.of(c)).anySatisfy { assertThat(it).startsWith("Reads, capacity at p95 ≤ 50 ms without errors (median of 3 rounds") }
        assertThat(Headlines.of(c)).anySatisfy {
            assertThat(it).startsWith("Sends, capacity at p95 ≤ 50 ms without errors (median of 5 rounds")
                .contains("Highest on real backends, beyond every spread: sqlite-tuned (p95 reached the SLO at ").contains(", middle 3 rounds ")
        }
        assertThat(Findings.sends(c)).anySatisfy { assertThat(it).contains("sqlite-tuned carries more").endsWith("beyond both spreads.") }
    }

    @Test
    fun `crossings are told apart by their judged ranges alone, not widened by the ladder's 20 %`() {
        fun path(store: String, crossings: List<Double>) = CapacityPath(
            Subjects.SEND_STORES.first { it.key == store }, Subjects.SEND_TO_DELIVERY, listOf("MariaDB"), false, emptyList(), crossings.map { it - 20 }, crossings,
        )
        fun verdict(mysql: List<Double>, tuned: List<Double>) =
            Findings.sends(comparison(emptyList()).copy(capacity = listOf(path("mysql", mysql), path("sqlite-tuned", tuned)))).single()
        // A measured main run: the facing ends of the middle three rounds 543 and 618, within 20 % of each other.
        assertThat(verdict(listOf(428.0, 454.0, 480.0, 543.0, 575.0), listOf(581.0, 618.0, 689.0, 716.0, 801.0)))
            .isEqualTo("Sends — capacity mysql → sqlite-tuned: sqlite-tuned carries more (p95 reached the SLO at 689/s (581–801), middle 3 rounds 618–716 " +
                "vs 480/s (428–575), middle 3 rounds 454–543), beyond both spreads.")
        // Another: three rounds that overlap (sqlite-tuned's slowest below mysql's fastest).
        assertThat(verdict(listOf(439.0, 507.0, 573.0), listOf(538.0, 632.0, 650.0))).contains("no clear difference (507/s (439–573) vs 632/s (538–650)")
    }

    @Test
    fun `the chat mix is split by kind, with the cache's answers per kind`() {
        val newest = "get chat messages [mongo-redis-keyset] mix newest"
        val scroll = "get chat messages [mongo-redis-keyset] mix scroll"
        val samples = listOf(sample(newest, 2, cache = "hit"), sample(newest, 4, cache = "hit"), sample(newest, 90, cache = "miss"), sample(scroll, 3, cache = "hit"))
        val rows = comparison(samples).mix
        assertThat(rows.map { it.kind }).containsExactly("newest", "scroll", "all")
        assertThat(rows[0].cache!!.share("hit")).isCloseTo(2.0 / 3, org.assertj.core.api.Assertions.within(1e-9))
        assertThat(rows.last().cache!!.counts).isEqualTo(mapOf("hit" to 3, "miss" to 1))
        assertThat(rows.last().cache!!.medians).isEqualTo(mapOf("hit" to 3.0, "miss" to 90.0))
        assertThat(rows.last().measured.label).isEqualTo("get chat messages [mongo-redis-keyset] mix")
        assertThat(Findings.of(comparison(samples))).anySatisfy { assertThat(it).contains("the cache answered 75.00% of 4 reads").contains("newest 66.67%, scroll 100.00%") }
    }

    @Test
    fun `a kind of read with few samples a round has its p95 marked, the others do not`() {
        val newest = many("get chat messages [mysql-keyset] mix newest", 4, n = 200)
        val deep = many("get chat messages [mysql-keyset] mix deep", 30, n = 12)
        val c = comparison(newest + deep)
        val p95 = Columns.mix("mix", c.mix, c).rows.associate { it[1] to it[6] }
        assertThat(p95["deep"]).endsWith(" §")
        assertThat(p95["newest"]).doesNotContain("§")
        assertThat(p95["all"]).doesNotContain("§")
    }

    @Test
    fun `warm-up samples are measured by nothing`() {
        val c = comparison(many("get chat messages [mysql-keyset] warm-up", 500) + many("get chat messages [mysql-keyset] capacity@25", 5))
        assertThat(c.readCapacity.single().steps.map { it.rate }).containsExactly(25.0)
        assertThat(c.mix).isEmpty()
        assertThat(c.reference).isEmpty()
    }

    @Test
    fun `failed samples are counted and grouped by reason, and the gate is exact`() {
        val label = "get chat messages [mysql-offset] reference"
        val c = comparison((1..99_999).map { sample(label, 5) } + sample(label, 30_000, success = false, why = "timeout"))
        assertThat(c.failedSamples).isEqualTo(1)
        assertThat(c.failures.single().reasons).containsExactly("timeout" to 1)
        assertThat(Gate(0.0).passed(c)).describedAs("1 in 100,000 is not 0 %").isFalse()
        assertThat(Gate(0.001).passed(c)).isTrue()
        assertThat(Gate(0.0).verdict(c)).startsWith("FAILED").contains("1 failed")
    }

    @Test
    fun `timeouts and 503s are judged apart from wrong answers`() {
        val label = "get chat messages [mongo-offset] mix newest"
        val ok = (1..999).map { sample(label, 5) }
        val timedOut = Sample(0, 60_000, label, "Non HTTP response code: java.net.SocketTimeoutException", "", false, "Read timed out", "")
        val slow = comparison(ok + timedOut)
        assertThat(slow.unansweredSamples).isEqualTo(1)
        assertThat(slow.wrongSamples).isEqualTo(0)
        assertThat(Gate(0.0, 0.1).passed(slow)).isTrue()
        assertThat(Gate(0.0, 0.0).passed(slow)).isFalse()
        val wrong = comparison(ok + sample(label, 5, success = false, why = "not newest first"))
        assertThat(wrong.wrongSamples).isEqualTo(1)
        assertThat(Gate(0.0, 100.0).passed(wrong)).describedAs("a wrong answer is never excused as slowness").isFalse()
        assertThat(Gate(0.0, 0.1).verdict(wrong)).startsWith("FAILED").contains("1 wrong answers, 0 timeouts or 503s")
    }

    @Test
    fun `a run without samples fails and says so`() {
        val c = comparison(emptyList())
        assertThat(c.reference).isEmpty()
        assertThat(Gate(100.0).passed(c)).isFalse()
        assertThat(Gate(100.0).verdict(c)).contains("no samples")
        assertThat(Headlines.of(c)).isEmpty()
    }
}
