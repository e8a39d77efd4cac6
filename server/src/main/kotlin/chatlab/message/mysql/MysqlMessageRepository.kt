package chatlab.message.mysql

import org.springframework.data.domain.Limit
import org.springframework.data.domain.Page
import org.springframework.data.domain.Pageable
import org.springframework.data.jpa.repository.JpaRepository
import org.springframework.data.jpa.repository.Modifying
import org.springframework.data.jpa.repository.Query
import java.time.Instant

interface MysqlMessageRepository : JpaRepository<MessageEntity, Long> {

    /**
     * Keyset page on the (room_id, sent_at, id) index: `sentAt <= :sentAt` is the index range, the OR
     * drops the rows at that millisecond that are not older than the cursor.
     */
    @Query(
        "select m from MessageEntity m where m.roomId = :roomId and m.sentAt <= :sentAt " +
            "and (m.sentAt < :sentAt or m.id < :id) order by m.sentAt desc, m.id desc",
    )
    fun findBefore(roomId: Long, sentAt: Instant, id: Long, limit: Limit): List<MessageEntity>

    fun findByRoomIdOrderBySentAtDescIdDesc(roomId: Long, limit: Limit): List<MessageEntity>

    /** Offset page; Spring Data adds the count query that the baseline pays for on every page. */
    fun findByRoomId(roomId: Long, pageable: Pageable): Page<MessageEntity>

    fun findByRoomIdAndSentAtBefore(roomId: Long, sentAt: Instant, pageable: Pageable): Page<MessageEntity>

    fun findByRoomIdAndSenderIdAndClientMessageId(roomId: Long, senderId: Long, clientMessageId: String): MessageEntity?

    @Query("select distinct m.roomId from MessageEntity m where m.id > :id")
    fun roomsAbove(id: Long): Set<Long>

    /** A range of the primary key: nothing to read when nothing lies above [id]. */
    @Modifying
    @Query("delete from MessageEntity m where m.id > :id")
    fun deleteAbove(id: Long): Int
}
