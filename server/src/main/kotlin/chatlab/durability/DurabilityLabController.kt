package chatlab.durability

import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PutMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController

/**
 * `/api/v1/lab/durability` (a token with `scope: lab`): the promise a commit gives (GET), switched between `durable` and
 * `relaxed` (PUT `{"promise": …}`), and the disk's fsync time (GET `/fsync?writes=300`).
 */
@RestController
@RequestMapping("/api/v1/lab/durability")
class DurabilityLabController(private val durability: Durability, private val fsync: FsyncProbe) {

    @GetMapping
    fun now(): DurabilityState = durability.now()

    @PutMapping
    fun promise(@RequestBody request: PromiseRequest): DurabilityState = durability.promise(Promise.parse(request.promise))

    @GetMapping("/fsync")
    fun fsync(@RequestParam(defaultValue = "300") writes: Int): FsyncTimes = fsync.measure(writes)
}

/** `{"promise": "durable"}` or `{"promise": "relaxed"}`. */
data class PromiseRequest(val promise: String?)
