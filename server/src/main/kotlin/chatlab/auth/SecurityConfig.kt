package chatlab.auth

import chatlab.system.error.writeApiError
import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import org.slf4j.LoggerFactory
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.http.HttpStatus
import org.springframework.security.config.annotation.web.builders.HttpSecurity
import org.springframework.security.config.http.SessionCreationPolicy
import org.springframework.security.config.observation.SecurityObservationSettings
import org.springframework.security.web.SecurityFilterChain
import org.springframework.security.web.firewall.RequestRejectedHandler
import tools.jackson.databind.ObjectMapper

/**
 * Every API call needs a valid bearer token, the lab endpoints (`/api/v1/lab/...`) one with the `lab` scope; health, info and the WebSocket
 * handshake are open (STOMP CONNECT is not).
 */
@Configuration
class SecurityConfig(private val json: ObjectMapper) {

    @Bean
    fun securityFilterChain(http: HttpSecurity): SecurityFilterChain {
        http.csrf { it.disable() }
            .sessionManagement { it.sessionCreationPolicy(SessionCreationPolicy.STATELESS) }
            .authorizeHttpRequests {
                it.requestMatchers("/actuator/health", "/actuator/health/**", "/actuator/info", "/ws", "/error").permitAll()
                // Resetting, resizing and watching the server is for the load plans: a token whose `scope` holds `lab`.
                it.requestMatchers("/api/v1/lab/**").hasAuthority("SCOPE_lab")
                it.anyRequest().authenticated()
            }
            .oauth2ResourceServer { rs -> rs.jwt {}.authenticationEntryPoint { req, res, e -> write(req, res, HttpStatus.UNAUTHORIZED, e.message) } }
            .exceptionHandling { ex ->
                ex.authenticationEntryPoint { req, res, e -> write(req, res, HttpStatus.UNAUTHORIZED, e.message) }
                ex.accessDeniedHandler { req, res, e -> write(req, res, HttpStatus.FORBIDDEN, e.message) }
            }
        return http.build()
    }

    /**
     * No observation of each security filter, authentication and authorization: nothing reads those meters, and every
     * request (each WebSocket handshake among them) paid for them, about a fifth of a small authenticated request's
     * server CPU on a 2-core host. `http.server.requests` is still observed.
     */
    @Bean
    fun securityObservations(): SecurityObservationSettings = SecurityObservationSettings.noObservations()

    /** A URL the firewall refuses (an encoded `%`, `;` or `//` in the path) is a 400 with a JSON body like every other. */
    @Bean
    fun requestRejectedHandler() = RequestRejectedHandler { request, response, e ->
        log.debug("{} {} rejected: {}", request.method, request.requestURI, e.message)
        response.writeApiError(json, request, HttpStatus.BAD_REQUEST, "the request URL was refused: ${e.message}")
    }

    private fun write(request: HttpServletRequest, response: HttpServletResponse, status: HttpStatus, reason: String?) {
        val message = when {
            status == HttpStatus.UNAUTHORIZED -> "a valid bearer token is required: ${reason ?: "none given"}"
            request.requestURI.startsWith(LAB) -> "lab endpoints need a token whose scope claim holds 'lab'"
            else -> reason ?: "forbidden"
        }
        log.debug("{} {} -> {}: {}", request.method, request.requestURI, status.value(), message)
        if (status == HttpStatus.UNAUTHORIZED) response.setHeader("WWW-Authenticate", "Bearer")
        response.writeApiError(json, request, status, message)
    }

    companion object {
        private val log = LoggerFactory.getLogger(SecurityConfig::class.java)
        private const val LAB = "/api/v1/lab/"
    }
}
