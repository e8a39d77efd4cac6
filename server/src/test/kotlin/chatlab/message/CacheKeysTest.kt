package chatlab.message

import chatlab.message.redis.CacheKeys
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import kotlin.random.Random

class CacheKeysTest {

    @Test
    fun `encoded positions sort as strings exactly as the positions do`() {
        val random = Random(3)
        val positions = List(2_000) { Position(random.nextLong(0, 4_000_000_000_000), random.nextLong(1, Long.MAX_VALUE)) } +
            List(50) { Position(1_738_071_280_000, it + 1L) }
        assertThat(positions.sortedBy { CacheKeys.encode(it) }).isEqualTo(positions.sorted())
        positions.forEach { assertThat(CacheKeys.encode(it)).hasSize(CacheKeys.POSITION_LENGTH).containsOnlyDigits() }
    }

    @Test
    fun `a bound before an instant sits below every message of that millisecond and above the one before`() {
        val bound = CacheKeys.encode(Position.before(java.time.Instant.ofEpochMilli(1_000)))
        assertThat(CacheKeys.encode(Position(1_000, 1))).isGreaterThan(bound)
        assertThat(CacheKeys.encode(Position(999, Long.MAX_VALUE))).isLessThan(bound)
        assertThat(CacheKeys.encode(Position.NEWEST)).isEqualTo(CacheKeys.NEWEST)
        assertThat(CacheKeys.decode(CacheKeys.NEWEST)).isEqualTo(Position.NEWEST)
        assertThat(CacheKeys.decode(CacheKeys.encode(Position(1_738_071_280_123, 77)))).isEqualTo(Position(1_738_071_280_123, 77))
    }
}
