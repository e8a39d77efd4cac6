package chatlab.seat

import org.springframework.dao.DuplicateKeyException
import org.springframework.data.redis.core.StringRedisTemplate
import org.springframework.data.redis.core.script.RedisScript
import org.springframework.stereotype.Component
import org.springframework.transaction.support.TransactionTemplate

/**
 * Redis admits: one Lua script checks the entrant set and the count against the room's seats and takes a seat
 * atomically, so losers never touch the database. The winner's membership is then written to MySQL; if that write
 * fails the seat is given back (compensation), so the gate and the database agree.
 */
@Component
class RedisGateSeats(
    private val redis: StringRedisTemplate,
    private val rows: SeatRows,
    private val tx: TransactionTemplate,
) : SeatKeeper {
    override val strategy = SeatStrategy.REDIS_GATE

    override fun enter(roomId: Long, userId: Long): SeatOutcome {
        val keys = keys(roomId)
        var admitted = redis.execute(ADMIT, keys, userId.toString())
        if (admitted == NO_SEATS_KEY) {
            redis.opsForValue().setIfAbsent(keys[2], rows.capacity(roomId).toString())
            admitted = redis.execute(ADMIT, keys, userId.toString())
        }
        when (admitted) {
            ADMITTED_BEFORE -> return SeatOutcome.ALREADY_SEATED
            FULL -> return SeatOutcome.FULL
        }
        return try {
            tx.execute {
                rows.insertMember(roomId, userId)
                rows.countSeat(roomId)
            }
            SeatOutcome.SEATED
        } catch (e: Exception) {
            redis.execute(GIVE_BACK, keys, userId.toString())
            if (e is DuplicateKeyException) SeatOutcome.ALREADY_SEATED else throw e
        }
    }

    companion object {
        private const val FULL = 0L
        private const val ADMITTED_BEFORE = 2L
        private const val NO_SEATS_KEY = -1L

        /** The gate's keys: seats taken, who took them, and the room's seats. */
        fun keys(roomId: Long) = listOf("chatlab:seat-gate:$roomId:count", "chatlab:seat-gate:$roomId:users", "chatlab:seat-gate:$roomId:seats")

        private val ADMIT = RedisScript.of(
            """
            local seats = redis.call('GET', KEYS[3])
            if not seats then return -1 end
            if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 1 then return 2 end
            if tonumber(redis.call('GET', KEYS[1]) or '0') >= tonumber(seats) then return 0 end
            redis.call('INCR', KEYS[1])
            redis.call('SADD', KEYS[2], ARGV[1])
            return 1
            """.trimIndent(),
            Long::class.java,
        )

        private val GIVE_BACK = RedisScript.of(
            "if redis.call('SREM', KEYS[2], ARGV[1]) == 1 then redis.call('DECR', KEYS[1]) end return 1",
            Long::class.java,
        )
    }
}
