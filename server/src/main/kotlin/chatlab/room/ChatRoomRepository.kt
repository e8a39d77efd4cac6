package chatlab.room

import org.springframework.data.jpa.repository.JpaRepository
import org.springframework.data.jpa.repository.Modifying
import org.springframework.data.jpa.repository.Query

interface ChatRoomRepository : JpaRepository<ChatRoom, Long> {

    /** Takes a seat if one is free; 1 when it did. Atomic, so concurrent joins never exceed the capacity. */
    @Modifying
    @Query("update ChatRoom r set r.memberCount = r.memberCount + 1 where r.id = :roomId and r.memberCount < r.capacity")
    fun takeSeat(roomId: Long): Int
}
