package chatlab.system.deadline

import chatlab.system.error.writeApiError
import jakarta.servlet.FilterChain
import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import org.springframework.http.HttpStatus
import org.springframework.web.filter.OncePerRequestFilter
import tools.jackson.databind.ObjectMapper
import java.time.Duration

/**
 * Every API request runs within a deadline: the client's timeout from the `X-Request-Timeout` header (milliseconds,
 * the JMeter plans send their response timeout), else `chatlab.request-timeout`. Handlers take it as the request
 * attribute [Deadline.ATTRIBUTE]; MySQL's statements get it through [RequestDeadline].
 */
class DeadlineFilter(private val defaultTimeout: Duration, private val json: ObjectMapper) : OncePerRequestFilter() {

    override fun shouldNotFilter(request: HttpServletRequest): Boolean = !request.requestURI.startsWith("/api/")

    override fun doFilterInternal(request: HttpServletRequest, response: HttpServletResponse, chain: FilterChain) {
        val header = request.getHeader(HEADER)
        val millis = header?.trim()?.toLongOrNull()
        if (header != null && (millis == null || millis !in 1..MAX_MILLIS)) {
            val message = "$HEADER must be the client's timeout in milliseconds, 1..$MAX_MILLIS, was '$header'"
            response.writeApiError(json, request, HttpStatus.BAD_REQUEST, message)
            return
        }
        val deadline = Deadline.after(millis?.let { Duration.ofMillis(it) } ?: defaultTimeout)
        request.setAttribute(Deadline.ATTRIBUTE, deadline)
        RequestDeadline.within(deadline) { chain.doFilter(request, response) }
    }

    companion object {
        const val HEADER = "X-Request-Timeout"
        const val MAX_MILLIS = 600_000L
    }
}
