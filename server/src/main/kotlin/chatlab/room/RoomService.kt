package chatlab.room

import chatlab.system.error.ConflictException
import chatlab.system.error.ForbiddenException
import chatlab.system.error.NotFoundException
import org.springframework.dao.DataIntegrityViolationException
import org.springframework.data.repository.findByIdOrNull
import org.springframework.stereotype.Service
import org.springframework.transaction.support.TransactionTemplate
import java.time.Instant
import java.time.temporal.ChronoUnit
import java.util.concurrent.ConcurrentHashMap

/**
 * Rooms and who may use them. Memberships are never revoked (there is no leave), so confirmed ones are remembered
 * in memory: the member check costs every read path the same, and nothing after the first request.
 */
@Service
class RoomService(
    private val rooms: ChatRoomRepository,
    private val memberships: MembershipRepository,
    private val users: ChatUserRepository,
    private val previews: RoomPreviews,
    private val tx: TransactionTemplate,
) {
    private val knownMembers = ConcurrentHashMap.newKeySet<MembershipId>()

    fun room(roomId: Long): ChatRoom = rooms.findByIdOrNull(roomId) ?: throw NotFoundException("chat room $roomId does not exist")

    fun isMember(roomId: Long, userId: Long): Boolean {
        val id = MembershipId(roomId, userId)
        if (id in knownMembers) return true
        return memberships.existsById(id).also { if (it) knownMembers += id }
    }

    /** 404 for an unknown room, 403 for a non-member. */
    fun requireMember(roomId: Long, userId: Long) {
        if (isMember(roomId, userId)) return
        room(roomId)
        throw ForbiddenException("user $userId is not a member of chat room $roomId: enter it first")
    }

    /** Makes [userId] a member if the room has a free seat; returns the room. */
    fun join(roomId: Long, userId: Long): ChatRoom {
        val room = room(roomId)
        if (isMember(roomId, userId)) return room
        if (!users.existsById(userId)) throw ForbiddenException("user $userId does not exist")
        try {
            tx.executeWithoutResult {
                if (rooms.takeSeat(roomId) == 0) throw ConflictException("chat room $roomId is full (capacity ${room.capacity})")
                memberships.saveAndFlush(Membership(MembershipId(roomId, userId), Instant.now().truncatedTo(ChronoUnit.MILLIS)))
            }
        } catch (concurrentJoin: DataIntegrityViolationException) {
            // The same user joined at the same moment from elsewhere: that join stands, this one rolled back.
            if (!memberships.existsById(MembershipId(roomId, userId))) throw concurrentJoin
        }
        knownMembers += MembershipId(roomId, userId)
        return room(roomId)
    }

    /** A membership another path (the seats strategies) just confirmed. */
    fun remember(roomId: Long, userId: Long) {
        knownMembers += MembershipId(roomId, userId)
    }

    /** Forgets a room's confirmed members, after the lab reset its memberships. */
    fun forget(roomId: Long) {
        knownMembers.removeIf { it.roomId == roomId }
    }

    fun updatePreview(roomId: Long, content: String, sentAt: Instant) {
        tx.executeWithoutResult { previews.moveForward(roomId, content, sentAt) }
    }
}
