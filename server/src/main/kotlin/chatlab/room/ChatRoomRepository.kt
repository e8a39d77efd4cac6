package chatlab.room

import org.springframework.data.jpa.repository.JpaRepository
import org.springframework.data.jpa.repository.Modifying
import org.springframework.data.jpa.repository.Query
import java.time.Instant

interface ChatRoomRepository : JpaRepository<ChatRoom, Long> {

    /** Takes a seat if one is free; 1 when it did. Atomic, so concurrent joins never exceed the capacity. */
    @Modifying
    @Query("update ChatRoom r set r.memberCount = r.memberCount + 1 where r.id = :roomId and r.memberCount < r.capacity")
    fun takeSeat(roomId: Long): Int

    /** Moves the preview forward only: a slower writer of an older message never overwrites a newer preview. */
    @Modifying
    @Query(
        "update ChatRoom r set r.lastMessage = :content, r.lastSentAt = :sentAt " +
            "where r.id = :roomId and (r.lastSentAt is null or r.lastSentAt <= :sentAt)",
    )
    fun updatePreview(roomId: Long, content: String, sentAt: Instant): Int
}
