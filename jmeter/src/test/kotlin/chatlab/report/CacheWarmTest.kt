package chatlab.report

import chatlab.report.ChatRuns.comparison
import chatlab.report.ChatRuns.many
import chatlab.report.ChatRuns.sample
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

/** The cache path measured warm: its capacity with a hit ratio on every step, placed among the real-backend read paths. */
class CacheWarmTest {
    private fun read(path: String, rate: Int, elapsed: Long, round: Int, cache: String = "", misses: Int = 0) =
        (0 until 100).map { i -> sample("get chat messages [$path] capacity@$rate", elapsed, round, cache = if (i < misses) "miss" else cache, at = i * 10L) }

    private fun me(rate: Int, elapsed: Long, round: Int) = many("who am i [instrument] capacity@$rate", elapsed, round)

    private fun run(warmMisses: Int = 0) = comparison((1..3).flatMap { r ->
        me(800, 20, r) + me(1600, 90, r) +
            read("mysql-keyset", 200, 10, r) + read("mysql-keyset", 400, 60, r) +
            read("mongo-redis-keyset", 25, 300, r, cache = "miss") +
            read("mongo-redis-keyset warm", 200, 3, r, cache = "hit") + read("mongo-redis-keyset warm", 400, 8, r, cache = "hit", misses = warmMisses) +
            read("mongo-redis-keyset warm", 800, 80, r, cache = "hit")
    })

    @Test
    fun `the warm path gets a capacity on Redis alone, with the hit ratio of every step, above the other real-backend paths`() {
        val c = run()
        val warm = c.readCapacity.single { it.subject == Subjects.CACHE_WARM }
        assertThat(warm.standIn).describedAs("Redis answers it, not the MongoDB stand-in").isFalse()
        assertThat(warm.backends).containsExactly("Redis 6.2.11 (embedded)")
        assertThat(warm.capacity).isEqualTo(Spread(400.0, 400.0, 400.0, 3))
        assertThat(warm.steps.map { it.cache!!.share("hit") }).containsExactly(1.0, 1.0, 1.0)
        val row = Columns.capacity("reads", c.readCapacity, c).rows.single { it[0] == "mongo-redis-keyset warm" }
        assertThat(row.filter { "hits" in it }).hasSize(3).allSatisfy { assertThat(it).endsWith("· hits 100.00%") }
        assertThat(Columns.capacity("reads", c.readCapacity, c).rows.single { it[0] == "mysql-keyset" }).noneSatisfy { assertThat(it).contains("hits") }

        val headline = Headlines.of(c).first()
        assertThat(headline).contains("The Redis cache, warm (every page in Redis, lowest step hit ratio 100.00%): mongo-redis-keyset warm 400/s (400–400), 50 % of the ceiling, " +
            "more than every other read path on real backends, beyond the spreads.")
            .contains("Cold, its misses going to mongo-java-server 1.47.0 (stand-in): below the first step")
        assertThat(Findings.history(c)).anySatisfy { assertThat(it).startsWith("mongo-redis-keyset warm: every step's reads were cache hits on 99.00% or more") }

        val table = ReferenceResult.blocks(c).filterIsInstance<Table>().single { it.title == "The cache path warm beside the public reference result" }
        assertThat(table.rows.single()).containsSubsequence("981.8", "400/s (400–400)", "50 %")
        assertThat(table.rows.single()[5]).isEqualTo("8.0 / 8.5 (at 400/s)")
        assertThat(table.rows.single()[6]).isEqualTo("100.00%")
    }

    @Test
    fun `a warm step whose reads missed the cache is flagged, since it measured MongoDB too`() {
        val c = run(warmMisses = 5)
        assertThat(c.readCapacity.single { it.subject == Subjects.CACHE_WARM }.steps.single { it.rate == 400.0 }.cache!!.share("hit")).isEqualTo(0.95)
        assertThat(Findings.history(c)).anySatisfy { assertThat(it).startsWith("⚠ mongo-redis-keyset warm: 1 of 3 steps hit the cache on fewer than 99.00%").contains("400/s 95.00%") }
        assertThat(Headlines.of(c).first()).contains("lowest step hit ratio 95.00%")
    }
}
