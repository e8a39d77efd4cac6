package chatlab.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.time.Instant

class ComparisonBuilderTest {
    private fun stats(mean: Double, tps: Double, samples: Long = 1000, errors: Long = 0) =
        Stats(samples, errors, errors * 100.0 / samples, mean, mean / 2, mean, mean * 1.5, mean * 2, mean * 3, mean * 4, tps)

    private val standInMongo = mapOf(
        "mysql" to Backend("MariaDB", "11.4.5", "embedded", "MariaDB 11.4.5 (embedded)", null),
        "mongodb" to Backend("mongo-java-server", "1.47.0", "stand-in", "mongo-java-server 1.47.0 (stand-in)", "no indexes"),
        "redis" to Backend("Redis", "6.2.11", "embedded", "Redis 6.2.11 (embedded)", null),
    )

    private fun comparison(statistics: Map<String, Stats>, samples: List<Sample> = emptyList(), settings: Map<String, String> = mapOf("threads" to "10", "loops" to "100")) =
        ComparisonBuilder(statistics, samples, Environment(standInMongo, mapOf("cpus" to "2"), settings, Instant.EPOCH, null, null)).build()

    private fun sample(label: String, elapsed: Long, cache: String = "", success: Boolean = true, why: String = "") =
        Sample(0, elapsed, label, if (success) "200" else "500", "", success, why, cache)

    @Test
    fun `ratios are to the MySQL-offset line of the same shape, and stand-in rows are marked`() {
        val c = comparison(
            mapOf(
                "get chat messages [mysql-offset] saturation" to stats(200.0, 50.0),
                "get chat messages [mysql-keyset] saturation" to stats(2.0, 500.0),
                "get chat messages [mongo-keyset] saturation" to stats(100.0, 10.0),
                "get chat messages [mysql-offset] reference" to stats(400.0, 20.0),
            ),
        )
        val saturation = c.shapes.single { it.shape == Shape.SATURATION }
        assertThat(saturation.read("mysql-keyset")!!.avgRatio).isEqualTo(0.01)
        assertThat(saturation.read("mysql-keyset")!!.tpsRatio).isEqualTo(10.0)
        assertThat(saturation.read("mongo-keyset")!!.standIn).isTrue()
        assertThat(saturation.read("mysql-keyset")!!.standIn).isFalse()
        assertThat(saturation.read("mongo-keyset")!!.backends).containsExactly("mongo-java-server 1.47.0 (stand-in)")
        assertThat(c.shapes.single { it.shape == Shape.REFERENCE }.reads.map { it.subject.key }).containsExactly("mysql-offset")
    }

    @Test
    fun `the findings are computed from the rows`() {
        val c = comparison(
            mapOf(
                "get chat messages [mysql-offset] reference" to stats(300.0, 30.0),
                "get chat messages [mysql-keyset] reference" to stats(3.0, 300.0, samples = 1000),
                "send-to-delivery [mysql] reference" to stats(10.0, 5.0),
                "send-to-delivery [mongo] reference" to stats(2.5, 5.0),
                "stomp SEND [mysql] reference" to stats(0.1, 5.0),
            ),
        )
        val findings = Findings.of(c)
        assertThat(findings).anySatisfy { assertThat(it).contains("Pagination on MySQL").contains("300 → 3.0 ms").contains("100× faster") }
        assertThat(findings).anySatisfy { assertThat(it).contains("send-to-delivery").contains("4.0× faster").contains("bare STOMP SEND sample averages 0.1 ms") }
        assertThat(findings).anySatisfy { assertThat(it).contains("mysql-offset, mysql-keyset finished every loop") }
        assertThat(Findings.headlines(c).single()).contains("fastest read path is mysql-keyset at 3.0 ms").contains("100× faster than mysql-offset")
    }

    @Test
    fun `the cached path is split by cache outcome`() {
        val label = "get chat messages [mongo-redis-keyset] saturation"
        val samples = listOf(sample(label, 2, "hit"), sample(label, 4, "hit"), sample(label, 3, "hit"), sample(label, 90, "miss"), sample(label, 500, "", success = false))
        val c = comparison(mapOf(label to stats(50.0, 10.0)), samples)
        val split = c.shapes.single().read("mongo-redis-keyset")!!.cache!!
        assertThat(split.counts).isEqualTo(mapOf("hit" to 3, "miss" to 1))
        assertThat(split.share("hit")).isEqualTo(0.75)
        assertThat(split.medians).isEqualTo(mapOf("hit" to 3.0, "miss" to 90.0))
        assertThat(Findings.of(c)).anySatisfy { assertThat(it).contains("75.00% of 4").contains("held the page 3.0 ms").contains("fill it 90 ms") }
    }

    @Test
    fun `failed samples are counted and grouped by reason, and the gate is exact`() {
        val ok = (1..99_999).map { sample("get chat messages [mysql-offset] reference", 5) }
        val failed = listOf(sample("get chat messages [mysql-offset] reference", 30_000, success = false, why = "timeout"))
        val c = comparison(mapOf("get chat messages [mysql-offset] reference" to stats(5.0, 10.0)), ok + failed)
        assertThat(c.failedSamples).isEqualTo(1)
        assertThat(c.failures.single().reasons).containsExactly("timeout" to 1)
        assertThat(Gate(0.0).passed(c)).describedAs("1 in 100,000 is not 0 %").isFalse()
        assertThat(Gate(0.001).passed(c)).isTrue()
        assertThat(Gate(0.0).verdict(c)).startsWith("FAILED").contains("1 failed")
    }

    @Test
    fun `timeouts and 503s are judged apart from wrong answers`() {
        val label = "get chat messages [mongo-offset] saturation"
        val ok = (1..999).map { sample(label, 5) }
        val timedOut = Sample(0, 60_000, label, "Non HTTP response code: java.net.SocketTimeoutException", "", false, "Read timed out", "")
        val slow = comparison(mapOf(label to stats(5.0, 10.0)), ok + timedOut)
        assertThat(slow.unansweredSamples).isEqualTo(1)
        assertThat(slow.wrongSamples).isEqualTo(0)
        assertThat(Gate(0.0, 0.1).passed(slow)).isTrue()
        assertThat(Gate(0.0, 0.0).passed(slow)).isFalse()
        val wrong = comparison(mapOf(label to stats(5.0, 10.0)), ok + sample(label, 5, success = false, why = "not newest first"))
        assertThat(wrong.wrongSamples).isEqualTo(1)
        assertThat(Gate(0.0, 100.0).passed(wrong)).describedAs("a wrong answer is never excused as slowness").isFalse()
        assertThat(Gate(0.0, 0.1).verdict(wrong)).startsWith("FAILED").contains("1 wrong answers, 0 timeouts or 503s")
    }

    @Test
    fun `a run without samples fails and says so`() {
        val c = comparison(emptyMap())
        assertThat(c.shapes).isEmpty()
        assertThat(Gate(100.0).passed(c)).isFalse()
        assertThat(Gate(100.0).verdict(c)).contains("no samples")
        assertThat(Findings.headlines(c)).isEmpty()
    }
}
