package chatlab.seat

import chatlab.system.fleet.FleetCalls
import org.springframework.http.HttpHeaders
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PutMapping
import org.springframework.web.bind.annotation.RequestHeader
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController

/**
 * The seats experiment's lab endpoints (a token with `scope: lab`): reset an event room, audit it after a rush. On the
 * first instance of a fleet a reset is then repeated on every other one: each forgets the memberships it remembered.
 */
@RestController
@RequestMapping("/api/v1/lab/seats/rooms/{roomId}")
class SeatLabController(private val lab: SeatLab, private val fleet: FleetCalls) {

    @PutMapping
    fun reset(
        @PathVariable roomId: Long,
        @RequestParam seats: Int,
        @RequestParam(defaultValue = "1000") users: Int,
        @RequestHeader(HttpHeaders.AUTHORIZATION, required = false) authorization: String?,
    ): SeatAudit = lab.reset(roomId, seats, users)
        .also { fleet.toOthers("PUT", "/api/v1/lab/seats/rooms/$roomId?seats=$seats&users=$users", authorization).await() }

    @GetMapping("/audit")
    fun audit(@PathVariable roomId: Long, @RequestParam(required = false) entrants: Long?): SeatAudit = lab.audit(roomId, entrants)
}
