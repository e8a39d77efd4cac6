package chatlab.counter

import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PutMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RestController

/** The counters experiment's lab endpoint (a token with `scope: lab`): zero a room's views in every store and mode. */
@RestController
@RequestMapping("/api/v1/lab/counters/rooms/{roomId}")
class CounterLabController(private val views: ViewService) {

    @PutMapping
    fun reset(@PathVariable roomId: Long): List<ViewCount> = views.reset(roomId)
}
