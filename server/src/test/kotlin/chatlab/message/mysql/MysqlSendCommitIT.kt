package chatlab.message.mysql

import chatlab.IntegrationTest
import chatlab.TestRooms
import chatlab.message.ChatMessage
import chatlab.message.MessageType
import chatlab.message.PositionAllocator
import chatlab.room.RoomService
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import java.util.UUID
import javax.sql.DataSource

/** A SEND to MySQL commits once: its message and the room preview's move together, or neither; the preview only moves forward. */
@IntegrationTest
class MysqlSendCommitIT(
    @Autowired private val mysql: MysqlMessageStore,
    @Autowired private val positions: PositionAllocator,
    @Autowired private val dataSource: DataSource,
    @Autowired private val rooms: RoomService,
) {
    private fun message(): ChatMessage = positions.next().let {
        ChatMessage(it.id, TestRooms.STOMP_ROOM, 1, MessageType.TALK, "one commit", it.sentAt, "commit-${UUID.randomUUID()}")
    }

    /** What another connection sees of [id]: 1 once committed. */
    private fun committed(id: Long): Int = dataSource.connection.use { c ->
        c.prepareStatement("SELECT COUNT(*) FROM chat_message WHERE id = ?").use { s ->
            s.setLong(1, id)
            s.executeQuery().use { r -> r.next(); r.getInt(1) }
        }
    }

    /** The room's preview as another connection sees it. */
    private fun preview(): String? = dataSource.connection.use { c ->
        c.prepareStatement("SELECT last_message FROM chat_room WHERE id = ?").use { s ->
            s.setLong(1, TestRooms.STOMP_ROOM)
            s.executeQuery().use { r -> r.next(); r.getString(1) }
        }
    }

    @Test
    fun `what goes alongside a new message runs before its commit, in the same transaction`() {
        val message = message()
        var seenFromOutside = -1
        mysql.save(message) { seenFromOutside = committed(it.id) }
        assertThat(seenFromOutside).describedAs("the message, seen from another connection while the preview moves").isZero()
        assertThat(committed(message.id)).isEqualTo(1)
    }

    @Test
    fun `when what goes alongside fails, the message is not stored either`() {
        val message = message()
        assertThatThrownBy { mysql.save(message) { throw IllegalStateException("the preview failed") } }.hasMessage("the preview failed")
        assertThat(committed(message.id)).isZero()
    }

    @Test
    fun `a retry returns the first copy and runs nothing alongside`() {
        val message = message()
        mysql.save(message) {}
        var ran = false
        val retry = positions.next().let { message.copy(id = it.id, sentAt = it.sentAt) }
        assertThat(mysql.save(retry) { ran = true }).isEqualTo(message)
        assertThat(ran).isFalse()
    }

    @Test
    fun `the preview moves in the message's transaction, so a failure after it leaves the preview where it was`() {
        val message = message()
        val before = preview()
        assertThatThrownBy {
            mysql.save(message) {
                rooms.updatePreview(it.roomId, "rolled back ${it.clientMessageId}", it.sentAt)
                throw IllegalStateException("failed after the preview moved")
            }
        }.hasMessage("failed after the preview moved")
        assertThat(committed(message.id)).isZero()
        assertThat(preview()).isEqualTo(before)
    }

    @Test
    fun `the preview moves forward only, whichever of two writers commits last`() {
        val newer = message()
        mysql.save(newer) { rooms.updatePreview(it.roomId, "newer ${it.clientMessageId}", it.sentAt) }
        assertThat(preview()).isEqualTo("newer ${newer.clientMessageId}")
        rooms.updatePreview(TestRooms.STOMP_ROOM, "older", newer.sentAt.minusSeconds(1))
        assertThat(preview()).isEqualTo("newer ${newer.clientMessageId}")
        val later = message()
        rooms.updatePreview(TestRooms.STOMP_ROOM, "later ${later.clientMessageId}", later.sentAt)
        assertThat(preview()).isEqualTo("later ${later.clientMessageId}")
    }
}
