package chatlab.lab

import jakarta.servlet.FilterChain
import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import org.springframework.core.Ordered
import org.springframework.core.annotation.Order
import org.springframework.stereotype.Component
import org.springframework.web.filter.OncePerRequestFilter
import java.util.concurrent.atomic.AtomicInteger

/**
 * The load plans' questions "is the server idle?" in flight (GET /api/v1/lab/activity, from every JMeter engine and,
 * with several instances, from the first instance), counted from before the server's request metrics start timing
 * them to after they stop: ServerActivity leaves them all out of the requests in flight, since they are no load
 * (two engines draining at once would otherwise each see the other's question and never find the server idle).
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class ActivityQuestions : OncePerRequestFilter() {
    private val inFlight = AtomicInteger()

    fun inFlight(): Int = inFlight.get()

    override fun shouldNotFilter(request: HttpServletRequest): Boolean = request.requestURI != PATH

    override fun doFilterInternal(request: HttpServletRequest, response: HttpServletResponse, chain: FilterChain) {
        inFlight.incrementAndGet()
        try {
            chain.doFilter(request, response)
        } finally {
            inFlight.decrementAndGet()
        }
    }

    private companion object {
        const val PATH = "/api/v1/lab/activity"
    }
}
