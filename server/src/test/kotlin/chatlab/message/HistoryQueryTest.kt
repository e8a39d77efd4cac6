package chatlab.message

import chatlab.system.error.BadRequestException
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import java.time.Instant

class HistoryQueryTest {
    private val now = Instant.parse("2026-01-01T00:00:00Z")

    @Test
    fun `an instant with any offset is read as UTC`() {
        val query = HistoryQuery.of(StoreKind.MYSQL, 20, "2025-02-01T19:00:00+09:00", null, null, now)
        assertThat(query.lastSentAt).isEqualTo(Instant.parse("2025-02-01T10:00:00Z"))
    }

    @Test
    fun `sizes outside 1 to 100, negative pages and offset on the cache path are refused`() {
        listOf(0, 101, -1).forEach { size ->
            assertThatThrownBy { HistoryQuery.of(StoreKind.MYSQL, size, null, null, null, now) }.isInstanceOf(BadRequestException::class.java)
        }
        assertThatThrownBy { HistoryQuery.of(StoreKind.MYSQL, 20, null, null, -1, now) }.isInstanceOf(BadRequestException::class.java)
        assertThatThrownBy { HistoryQuery.of(StoreKind.MONGO_REDIS, 20, null, null, 0, now) }.hasMessageContaining("keyset pages only")
    }

    @Test
    fun `an instant without an offset is read as UTC`() {
        val query = HistoryQuery.of(StoreKind.MYSQL, 20, "2025-02-01T10:00:00.000", null, null, now)
        assertThat(query.lastSentAt).isEqualTo(Instant.parse("2025-02-01T10:00:00Z"))
    }

    @Test
    fun `instants before 1970 or at the edges of the calendar are refused, not overflowed`() {
        listOf("-999999999-01-01T00:00:00Z", "+999999999-12-31T23:59:59Z", "1969-12-31T23:59:59.999Z", "0001-01-01T00:00:00").forEach {
            assertThatThrownBy { HistoryQuery.of(StoreKind.MYSQL, 20, it, null, null, now) }.describedAs(it).isInstanceOf(BadRequestException::class.java)
        }
        assertThat(HistoryQuery.of(StoreKind.MYSQL, 20, "1970-01-01T00:00:00Z", null, null, now).lastSentAt).isEqualTo(Instant.EPOCH)
    }
}
