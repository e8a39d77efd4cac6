package chatlab.pool

import chatlab.system.fleet.FleetCalls
import org.springframework.http.HttpHeaders
import org.springframework.web.bind.annotation.DeleteMapping
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PutMapping
import org.springframework.web.bind.annotation.RequestHeader
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController

/**
 * The pool experiment's lab endpoints (a token with `scope: lab`): `PUT …/pools/mysql?size=8` answers the size in effect,
 * `DELETE …/pools/mysql` puts the pool back to its configured size. Each instance has pools of its own: on the first
 * instance of a fleet a resize or restore is made on every instance.
 */
@RestController
@RequestMapping("/api/v1/lab/pools/{pool}")
class PoolLabController(private val pools: Pools, private val fleet: FleetCalls) {

    @PutMapping
    fun resize(
        @PathVariable pool: String,
        @RequestParam size: Int,
        @RequestHeader(HttpHeaders.AUTHORIZATION, required = false) authorization: String?,
    ): PoolSize = pools.resize(pool, size).also { fleet.toOthers("PUT", "/api/v1/lab/pools/$pool?size=$size", authorization).await() }

    @DeleteMapping
    fun restore(
        @PathVariable pool: String,
        @RequestHeader(HttpHeaders.AUTHORIZATION, required = false) authorization: String?,
    ): PoolSize = pools.restore(pool).also { fleet.toOthers("DELETE", "/api/v1/lab/pools/$pool", authorization).await() }

    @GetMapping
    fun size(@PathVariable pool: String): PoolSize = pools.size(pool)
}
