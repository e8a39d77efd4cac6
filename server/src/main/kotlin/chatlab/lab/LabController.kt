package chatlab.lab

import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RestController

/** Endpoints the load plans use between measured units; a token with `scope: lab` is required (SecurityConfig). */
@RestController
@RequestMapping("/api/v1/lab")
class LabController(private val activity: ServerActivity) {

    /** `idle` once nothing is in flight or queued and the CPUs have settled; plus CPU seconds so far, for accounting. */
    @GetMapping("/activity")
    fun activity(): Activity = activity.now()
}
