package chatlab.seat

import chatlab.system.error.BusyException
import org.redisson.api.RedissonClient
import org.springframework.context.annotation.Lazy
import org.springframework.stereotype.Component
import org.springframework.transaction.support.TransactionTemplate
import java.util.concurrent.TimeUnit

/**
 * A Redisson lock per room (`chatlab:seat-lock:<room>`) serialises the database check-and-insert across every server
 * instance; the database itself takes no row lock. An entrant that waits longer than `lockWait` gets a 503.
 */
@Component
class RedisLockSeats(
    @Lazy private val redisson: RedissonClient,
    private val rows: SeatRows,
    private val tx: TransactionTemplate,
    private val properties: SeatProperties,
) : SeatKeeper {
    override val strategy = SeatStrategy.REDIS_LOCK

    override fun enter(roomId: Long, userId: Long): SeatOutcome {
        val lock = redisson.getLock(lockKey(roomId))
        if (!lock.tryLock(properties.lockWait.toMillis(), properties.lockLease.toMillis(), TimeUnit.MILLISECONDS)) {
            throw BusyException("room $roomId's seat lock was not granted within ${properties.lockWait.toMillis()} ms; try again")
        }
        try {
            return tx.execute {
                when {
                    rows.isMember(roomId, userId) -> SeatOutcome.ALREADY_SEATED
                    rows.members(roomId) >= rows.capacity(roomId) -> SeatOutcome.FULL
                    else -> {
                        rows.insertMember(roomId, userId)
                        rows.countSeat(roomId)
                        SeatOutcome.SEATED
                    }
                }
            }
        } finally {
            if (lock.isHeldByCurrentThread) lock.unlock()
        }
    }

    companion object {
        fun lockKey(roomId: Long) = "chatlab:seat-lock:$roomId"
    }
}
