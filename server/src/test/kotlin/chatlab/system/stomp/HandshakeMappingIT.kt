package chatlab.system.stomp

import chatlab.IntegrationTest
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.context.ApplicationContext
import org.springframework.core.annotation.AnnotationAwareOrderComparator
import org.springframework.mock.web.MockHttpServletRequest
import org.springframework.web.servlet.HandlerMapping
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping
import org.springframework.web.socket.server.support.WebSocketHandlerMapping

@IntegrationTest
class HandshakeMappingIT(@Autowired private val context: ApplicationContext) {

    @Test
    fun `a WebSocket handshake finds its handler before the controllers' patterns are tried`() {
        val mappings = context.getBeansOfType(HandlerMapping::class.java).values.sortedWith(AnnotationAwareOrderComparator.INSTANCE)
        val handshake = MockHttpServletRequest("GET", "/ws")
        val first = mappings.first { it.getHandler(handshake) != null }
        assertThat(first).isInstanceOf(WebSocketHandlerMapping::class.java)
        assertThat(mappings.indexOf(first)).isLessThan(mappings.indexOfFirst { it is RequestMappingHandlerMapping })
    }
}
