package chatlab.lab

import jakarta.servlet.FilterChain
import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import org.springframework.web.filter.OncePerRequestFilter
import org.springframework.web.util.ContentCachingResponseWrapper
import java.util.concurrent.TimeUnit

/**
 * The planted difference (`chatlab.lab.planted-slowdown`, off by default): a request marked [HEADER] is answered [share]
 * of a basis later, before a byte of the answer leaves. Marked `true`, the basis is the server's own time for it (after
 * the readiness gate and the deadline, authentication and the handler included); marked with a whole number of
 * microseconds up to [MAX_BASIS_MICROS], the basis is that time, which a plan gives when the server's own time is too
 * small a part of what it measures (history's and the counters' twins: the original's average so far, as the client saw it). The
 * plans mark one contender's requests, its A/A twin's, so a run with the setting on shows whether the method tells a
 * known difference apart. Registered only when the share is above 0: with it off the header means nothing.
 */
class PlantedSlowdown(
    private val share: Double,
    /** How the filter waits, in nanoseconds. */
    private val wait: (Long) -> Unit = TimeUnit.NANOSECONDS::sleep,
) : OncePerRequestFilter() {

    override fun shouldNotFilter(request: HttpServletRequest): Boolean = basisMicros(request.getHeader(HEADER)) == null

    override fun doFilterInternal(request: HttpServletRequest, response: HttpServletResponse, chain: FilterChain) {
        val given = basisMicros(request.getHeader(HEADER))
        val held = ContentCachingResponseWrapper(response)
        val start = System.nanoTime()
        try {
            chain.doFilter(request, held)
        } finally {
            val basisNanos = given?.takeIf { it != OWN_TIME }?.let(TimeUnit.MICROSECONDS::toNanos) ?: (System.nanoTime() - start)
            wait((basisNanos * share).toLong())
            held.copyBodyToResponse()
        }
    }

    companion object {
        const val HEADER = "X-Chatlab-Planted"

        /** The largest basis a request may give, 1 s: with the largest share (4) a marked request waits at most 4 s. */
        const val MAX_BASIS_MICROS = 1_000_000L

        private const val OWN_TIME = -1L

        /** The basis [value] marks: [OWN_TIME] for `true`, microseconds for a whole number in range, else null (unmarked). */
        private fun basisMicros(value: String?): Long? = when {
            value == "true" -> OWN_TIME
            value != null && value.length in 1..7 && value.all { it in '0'..'9' } -> value.toLong().takeIf { it <= MAX_BASIS_MICROS }
            else -> null
        }
    }
}
