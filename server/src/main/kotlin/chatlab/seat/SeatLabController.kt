package chatlab.seat

import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PutMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController

/** The seats experiment's lab endpoints (a token with `scope: lab`): reset an event room, audit it after a rush. */
@RestController
@RequestMapping("/api/v1/lab/seats/rooms/{roomId}")
class SeatLabController(private val lab: SeatLab) {

    @PutMapping
    fun reset(@PathVariable roomId: Long, @RequestParam seats: Int, @RequestParam(defaultValue = "1000") users: Int): SeatAudit =
        lab.reset(roomId, seats, users)

    @GetMapping("/audit")
    fun audit(@PathVariable roomId: Long, @RequestParam(required = false) entrants: Long?): SeatAudit = lab.audit(roomId, entrants)
}
