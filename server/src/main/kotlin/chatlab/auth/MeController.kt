package chatlab.auth

import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.RestController

/**
 * The server's cheapest authenticated answer: it checks the token and touches no store. The load plans' instrument
 * path reads it to measure the most this load generator and server carry together on the machine (the ceiling every
 * other path's capacity is reported against).
 */
@RestController
class MeController {

    @GetMapping("/api/v1/me")
    fun me(@AuthenticationPrincipal jwt: Jwt): Me = Me(jwt.userId())
}
