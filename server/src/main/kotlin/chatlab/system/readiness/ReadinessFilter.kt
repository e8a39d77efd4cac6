package chatlab.system.readiness

import chatlab.system.error.writeApiError
import jakarta.servlet.FilterChain
import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpStatus
import org.springframework.web.filter.OncePerRequestFilter
import tools.jackson.databind.ObjectMapper

/**
 * Until the server is ready every API call is answered 503 with `Retry-After` and a JSON body saying what start-up
 * is doing, before authentication or any store is touched: nothing served early can leave state behind (a cache
 * filled from a half-seeded store, an id block below the seed's). Health and info stay open.
 */
class ReadinessFilter(private val readiness: Readiness, private val json: ObjectMapper) : OncePerRequestFilter() {

    override fun shouldNotFilter(request: HttpServletRequest): Boolean = !request.requestURI.startsWith(API)

    override fun doFilterInternal(request: HttpServletRequest, response: HttpServletResponse, chain: FilterChain) {
        if (readiness.isReady()) return chain.doFilter(request, response)
        response.setHeader(HttpHeaders.RETRY_AFTER, Readiness.RETRY_AFTER_SECONDS.toString())
        val message = "not ready: ${readiness.reason()}; retry in ${Readiness.RETRY_AFTER_SECONDS} s"
        response.writeApiError(json, request, HttpStatus.SERVICE_UNAVAILABLE, message)
    }

    companion object {
        const val API = "/api/"
    }
}
