package chatlab.seat

import chatlab.room.RoomService
import chatlab.system.error.BadRequestException
import chatlab.system.error.NotFoundException
import org.redisson.api.RedissonClient
import org.springframework.context.annotation.Lazy
import org.springframework.data.redis.core.StringRedisTemplate
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.jdbc.core.RowMapper
import org.springframework.stereotype.Service
import org.springframework.transaction.support.TransactionTemplate

/** Event rooms for the seats experiment: reset before a rush, audited after it. Rooms at or above [FIRST_EVENT_ROOM] only. */
@Service
class SeatLab(
    private val jdbc: JdbcTemplate,
    private val redis: StringRedisTemplate,
    @Lazy private val redisson: RedissonClient,
    private val rooms: RoomService,
    private val tx: TransactionTemplate,
) {
    /** Makes [roomId] an empty event room with [seats] seats and users `1..users`; clears its gate and lock. */
    fun reset(roomId: Long, seats: Int, users: Int): SeatAudit {
        requireEventRoom(roomId)
        if (seats !in 1..100_000) throw BadRequestException("seats must be within 1..100000, not $seats")
        if (users !in 1..1_000_000) throw BadRequestException("users must be within 1..1000000, not $users")
        tx.executeWithoutResult {
            jdbc.update(
                "INSERT INTO chat_room (id, name, type, capacity, member_count) VALUES (?, ?, 'MATE_GROUP', ?, 0) " +
                    "ON DUPLICATE KEY UPDATE capacity = VALUES(capacity), member_count = 0",
                roomId, "event room $roomId", seats,
            )
            jdbc.update("DELETE FROM room_membership WHERE room_id = ?", roomId)
        }
        val known = jdbc.queryForObject("SELECT COALESCE(MAX(id), 0) FROM chat_user", Long::class.java)!!
        if (known < users) {
            jdbc.batchUpdate("INSERT IGNORE INTO chat_user (id, name) VALUES (?, ?)", (known + 1..users.toLong()).map { arrayOf<Any>(it, "user-$it") })
        }
        rooms.forget(roomId)
        val gate = RedisGateSeats.keys(roomId)
        redis.delete(gate)
        redis.opsForValue().set(gate[2], seats.toString())
        redisson.getLock(RedisLockSeats.lockKey(roomId)).forceUnlock()
        return audit(roomId, null)
    }

    fun audit(roomId: Long, entrants: Long?): SeatAudit {
        requireEventRoom(roomId)
        if (entrants != null && entrants < 0) throw BadRequestException("entrants must be 0 or more, not $entrants")
        val (seats, memberCount) = jdbc.query(
            "SELECT capacity, member_count FROM chat_room WHERE id = ?", RowMapper { rs, _ -> rs.getInt(1) to rs.getInt(2) }, roomId,
        ).firstOrNull() ?: throw NotFoundException("no event room $roomId: reset it first (PUT /api/v1/lab/seats/rooms/$roomId?seats=N)")
        val (members, distinct) = jdbc.queryForObject(
            "SELECT COUNT(*), COUNT(DISTINCT user_id) FROM room_membership WHERE room_id = ?",
            RowMapper { rs, _ -> rs.getLong(1) to rs.getLong(2) }, roomId,
        )
        val gate = RedisGateSeats.keys(roomId)
        val gateCount = redis.opsForValue().get(gate[0])?.toLong()
        val gateUsers = if (gateCount != null) redis.opsForSet().size(gate[1]) ?: 0L else null // Redis drops an emptied set
        val problems = buildList {
            if (members > seats) add("oversold: $members members for $seats seats")
            if (distinct != members) add("${members - distinct} users seated twice")
            if (memberCount.toLong() != members) add("the room counts $memberCount members but holds $members membership rows")
            if (entrants != null && members != minOf(seats.toLong(), entrants)) add("$members seated, expected min($seats seats, $entrants entrants)")
            if (gateCount != null && gateCount != members) add("the Redis gate counts $gateCount seats, MySQL holds $members")
            if (gateUsers != null && gateUsers != members) add("the Redis gate admitted $gateUsers users, MySQL seated $members")
        }
        return SeatAudit(roomId, seats, entrants, members, distinct, memberCount, gateCount, gateUsers, problems)
    }

    private fun requireEventRoom(roomId: Long) {
        if (roomId < FIRST_EVENT_ROOM) throw BadRequestException("event rooms start at $FIRST_EVENT_ROOM; room $roomId is a chat room")
    }

    companion object {
        const val FIRST_EVENT_ROOM = 1_000_000L
    }
}
