package chatlab.lab

import org.springframework.http.HttpHeaders
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RequestHeader
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController
import org.springframework.web.context.request.async.DeferredResult
import tools.jackson.databind.JsonNode
import java.time.Duration

/** Endpoints the load plans use between measured units; a token with `scope: lab` is required (SecurityConfig). */
@RestController
@RequestMapping("/api/v1/lab")
class LabController(private val activity: FleetActivity, private val sendStages: FleetSendStages, private val rendezvous: Rendezvous) {

    /**
     * `idle` once nothing is in flight or queued and the CPUs have settled, on every instance of the fleet; plus CPU
     * seconds so far, for accounting, and the instances' addresses.
     */
    @GetMapping("/activity")
    fun activity(@RequestHeader(HttpHeaders.AUTHORIZATION, required = false) authorization: String?): Activity = activity.now(authorization)

    /** The send path's stage timers (store, broker, outbound: count and total ms since start), summed over the fleet. */
    @GetMapping("/send-stages")
    fun sendStages(@RequestHeader(HttpHeaders.AUTHORIZATION, required = false) authorization: String?): SendStages = sendStages.now(authorization)

    /**
     * A meeting of the JMeter engines that share a plan's load (Rendezvous): answered once `parties` have come to `key`,
     * each with every party's contribution; 408 when the others did not come within `timeoutSeconds`.
     */
    @PostMapping("/rendezvous/{key}")
    fun rendezvous(
        @PathVariable key: String,
        @RequestParam parties: Int,
        @RequestParam(defaultValue = "300") timeoutSeconds: Long,
        @RequestBody contribution: JsonNode,
    ): DeferredResult<Meeting> = rendezvous.join(key, parties, contribution, Duration.ofSeconds(timeoutSeconds))
}
