package chatlab.seed

import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RestController

/**
 * `POST /api/v1/lab/seed/restore` (a token with `scope: lab`): every store back to the seed's messages, answered with
 * what went and what is left. The stores are shared by every instance of a fleet, so one call serves them all.
 */
@RestController
@RequestMapping("/api/v1/lab/seed")
class SeedLabController(private val seed: SeedRestore) {

    @PostMapping("/restore")
    fun restore(): SeedRestored = seed.restore()
}
