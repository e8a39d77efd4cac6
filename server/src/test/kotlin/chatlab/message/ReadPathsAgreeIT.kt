package chatlab.message

import chatlab.IntegrationTest
import chatlab.TestRooms
import chatlab.seed.SeedData
import chatlab.seed.SeedProperties
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import java.time.Instant
import kotlin.random.Random

/** Property-style: every read path returns the same messages for the same arguments on the same seeded data. */
@IntegrationTest
class ReadPathsAgreeIT(
    @Autowired private val queries: MessageQueryService,
    @Autowired private val cursors: CursorCodec,
    @Autowired seed: SeedProperties,
) {
    private val data = SeedData(seed)
    private val newestFirst = compareByDescending<ChatMessage> { it.sentAt }.thenByDescending { it.id }
    private val history = data.messages.groupBy { it.roomId }.mapValues { (_, list) -> list.sortedWith(newestFirst) }
    private val random = Random(7)

    private fun member(roomId: Long) = data.members.getValue(roomId).first()

    private fun keysetIds(store: StoreKind, roomId: Long, size: Int, lastSentAt: Instant?, cursor: String?) =
        queries.keyset(member(roomId), roomId, HistoryQuery(store, size, lastSentAt, cursor, null)).body.messages.map { it.id }

    @Test
    fun `keyset pages agree across MySQL, MongoDB, the cache and both SQLite files, and match the seed`() {
        repeat(300) {
            val roomId = TestRooms.SEEDED_ONLY.random(random)
            val size = random.nextInt(1, 41)
            val all = history.getValue(roomId)
            val pivot = all.random(random)
            val byCursor = random.nextBoolean()
            val cursor = if (byCursor) cursors.encode(roomId, pivot.position) else null
            val lastSentAt = if (byCursor) null else pivot.sentAt.plusMillis(random.nextLong(-3_600_000, 3_600_000))
            val expected = all.filter { m ->
                if (cursor != null) m.position < pivot.position else m.sentAt < lastSentAt
            }.take(size).map { it.id }
            StoreKind.entries.forEach { store ->
                assertThat(keysetIds(store, roomId, size, lastSentAt, cursor))
                    .describedAs("room %d size %d cursor %s lastSentAt %s via %s", roomId, size, cursor != null, lastSentAt, store)
                    .isEqualTo(expected)
            }
        }
    }

    @Test
    fun `offset pages agree across every store that has them, with the same total`() {
        repeat(100) {
            val roomId = TestRooms.SEEDED_ONLY.random(random)
            val size = random.nextInt(1, 41)
            val lastSentAt = if (random.nextBoolean()) null else history.getValue(roomId).random(random).sentAt
            val matching = history.getValue(roomId).filter { lastSentAt == null || it.sentAt < lastSentAt }
            val page = random.nextInt(0, matching.size / size + 2)
            StoreKind.entries.filter { it.supportsOffset }.forEach { store ->
                val result = queries.offset(member(roomId), roomId, HistoryQuery(store, size, lastSentAt, null, page))
                assertThat(result.messages.map { it.id }).describedAs("room %d page %d via %s", roomId, page, store)
                    .isEqualTo(matching.drop(page * size).take(size).map { it.id })
                assertThat(result.totalElements).describedAs("total via %s", store).isEqualTo(matching.size.toLong())
            }
        }
    }

    /**
     * Pages of one message put a page boundary between every pair, the seed's ties included, on one room; the other
     * sizes cover every seeded room (pages of one on all six would be 9,000 reads, five times the rest of this test).
     */
    @Test
    fun `pages chained by cursor visit every message of a room exactly once, on every path`() {
        for (roomId in TestRooms.SEEDED_ONLY) {
            for (size in listOf(1, 7, 20, 100).filter { it > 1 || roomId == TestRooms.SEEDED_ONLY.first }) {
                StoreKind.entries.forEach { store ->
                    val seen = mutableListOf<Long>()
                    var cursor: String? = null
                    do {
                        val page = queries.keyset(member(roomId), roomId, HistoryQuery(store, size, null, cursor, null)).body
                        seen += page.messages.map { it.id }
                        cursor = page.nextCursor
                    } while (cursor != null)
                    assertThat(seen).describedAs("room %d size %d via %s", roomId, size, store)
                        .isEqualTo(history.getValue(roomId).map { it.id })
                }
            }
        }
    }

    @Test
    fun `the seed holds messages that share a millisecond, so ties are really exercised`() {
        val ties = data.messages.groupBy { it.roomId to it.sentAt }.count { it.value.size > 1 }
        assertThat(ties).isGreaterThan(100)
    }
}
