package chatlab.lab

import jakarta.servlet.FilterChain
import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import org.springframework.web.filter.OncePerRequestFilter
import org.springframework.web.util.ContentCachingResponseWrapper
import java.util.concurrent.TimeUnit

/**
 * The planted difference (`chatlab.lab.planted-slowdown`, off by default): a request marked [HEADER] `true` is answered
 * [share] later than the server took for it, e.g. 0.25 × its own time (after the readiness gate and the deadline,
 * authentication and the handler included), before a byte of the answer leaves. The plans mark one contender's
 * requests, its A/A twin's, so a run with the setting on shows whether the method tells a known difference apart.
 * Registered only when the share is above 0: with it off the header means nothing.
 */
class PlantedSlowdown(private val share: Double) : OncePerRequestFilter() {

    override fun shouldNotFilter(request: HttpServletRequest): Boolean = request.getHeader(HEADER) != "true"

    override fun doFilterInternal(request: HttpServletRequest, response: HttpServletResponse, chain: FilterChain) {
        val held = ContentCachingResponseWrapper(response)
        val start = System.nanoTime()
        try {
            chain.doFilter(request, held)
        } finally {
            TimeUnit.NANOSECONDS.sleep(((System.nanoTime() - start) * share).toLong())
            held.copyBodyToResponse()
        }
    }

    companion object {
        const val HEADER = "X-Chatlab-Planted"
    }
}
