package chatlab.message.redis

import chatlab.system.error.BadRequestException
import chatlab.system.error.BusyException
import org.springframework.web.bind.annotation.DeleteMapping
import org.springframework.web.bind.annotation.PutMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController

/**
 * The history experiment's cache endpoints (a token with `scope: lab`): `PUT …/cache/rooms?from=1&to=80` puts those
 * rooms' histories in Redis (the warm ladder), `DELETE …/cache` empties it. Redis is shared by every instance of a
 * fleet, so one call serves them all.
 */
@RestController
@RequestMapping("/api/v1/lab/cache")
class CacheLabController(private val filler: CacheFiller, private val cache: RoomCache) {

    @PutMapping("/rooms")
    fun fill(@RequestParam(defaultValue = "1") from: Long, @RequestParam to: Long): CacheFill {
        if (from < 1 || to < from) throw BadRequestException("rooms must run from 1 or more up to 'to' (got from=$from, to=$to)")
        if (to - from >= MAX_ROOMS) throw BadRequestException("at most $MAX_ROOMS rooms a call (got ${to - from + 1})")
        return filler.fill(from..to)
    }

    @DeleteMapping
    fun empty(): CacheEmptied = try {
        CacheEmptied(cache.evictAll())
    } catch (e: RuntimeException) {
        throw BusyException("the cache could not be emptied: Redis answered ${e.message}")
    }

    companion object {
        const val MAX_ROOMS = 10_000
    }
}

/** How many Redis keys emptying the cache removed (two a room: its messages and their coverage). */
data class CacheEmptied(val keysRemoved: Long)
