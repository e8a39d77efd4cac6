package chatlab.pool

import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PutMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController

/** The pool experiment's lab endpoints (a token with `scope: lab`): `PUT …/pools/mysql?size=8` answers the size in effect. */
@RestController
@RequestMapping("/api/v1/lab/pools/{pool}")
class PoolLabController(private val pools: Pools) {

    @PutMapping
    fun resize(@PathVariable pool: String, @RequestParam size: Int): PoolSize = pools.resize(pool, size)

    @GetMapping
    fun size(@PathVariable pool: String): PoolSize = pools.size(pool)
}
