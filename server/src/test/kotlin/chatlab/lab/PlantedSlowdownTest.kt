package chatlab.lab

import jakarta.servlet.FilterChain
import jakarta.servlet.ServletResponse
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.mock.web.MockHttpServletRequest
import org.springframework.mock.web.MockHttpServletResponse

class PlantedSlowdownTest {
    /** A handler that works [millis] ms (the work being timed, not a wait for anything), then answers, noting what it saw. */
    private class Handler(private val millis: Long, private val served: MockHttpServletResponse) : FilterChain {
        var saw: ServletResponse? = null
        var bodyWhenDone: String? = null

        override fun doFilter(request: jakarta.servlet.ServletRequest, response: ServletResponse) {
            saw = response
            Thread.sleep(millis)
            response.writer.write("{\"ok\":true}")
            response.flushBuffer()
            bodyWhenDone = served.contentAsString
        }
    }

    private fun marked() = MockHttpServletRequest("GET", "/api/v1/me").apply { addHeader(PlantedSlowdown.HEADER, "true") }

    @Test
    fun `a marked request is answered its share of its own time later, and nothing of the answer leaves before`() {
        val response = MockHttpServletResponse()
        val handler = Handler(200, response)
        val start = System.nanoTime()
        PlantedSlowdown(0.5).doFilter(marked(), response, handler)
        val tookMs = (System.nanoTime() - start) / 1_000_000
        assertThat(tookMs).isGreaterThanOrEqualTo(300) // 200 ms of work and at least half of it again
        assertThat(handler.bodyWhenDone).isEmpty()
        assertThat(response.contentAsString).isEqualTo("{\"ok\":true}")
    }

    @Test
    fun `a request marked with a basis in microseconds waits its share of that basis, not of its own time`() {
        val response = MockHttpServletResponse()
        val waited = mutableListOf<Long>()
        val request = MockHttpServletRequest("POST", "/api/v1/chat-rooms/1/views").apply { addHeader(PlantedSlowdown.HEADER, "400000") }
        PlantedSlowdown(0.25) { waited += it }.doFilter(request, response, Handler(50, response))
        assertThat(waited).containsExactly(100_000_000L) // a quarter of 400 ms, whatever the 50 ms of work
        assertThat(response.contentAsString).isEqualTo("{\"ok\":true}")
    }

    @Test
    fun `an unmarked request, or one marked with neither true nor a basis up to a second, passes untouched`() {
        listOf("", "false", "-5", "1000001", "99999999999", "12ms").map { value -> MockHttpServletRequest("GET", "/api/v1/me").apply { addHeader(PlantedSlowdown.HEADER, value) } }
            .plus(MockHttpServletRequest("GET", "/api/v1/me"))
            .forEach { request ->
                val response = MockHttpServletResponse()
                val handler = Handler(0, response)
                PlantedSlowdown(0.5).doFilter(request, response, handler)
                assertThat(handler.saw).isSameAs(response)
                assertThat(handler.bodyWhenDone).isEqualTo("{\"ok\":true}")
            }
    }
}
