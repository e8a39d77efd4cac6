package chatlab.system.stomp

import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletRequestWrapper
import org.springframework.http.server.ServerHttpRequest
import org.springframework.http.server.ServerHttpResponse
import org.springframework.http.server.ServletServerHttpRequest
import org.springframework.web.socket.WebSocketExtension
import org.springframework.web.socket.WebSocketHandler
import org.springframework.web.socket.server.standard.StandardWebSocketUpgradeStrategy
import org.springframework.web.socket.server.support.DefaultHandshakeHandler
import java.security.Principal
import java.util.Collections

/**
 * Upgrades without per-message compression, whatever the client offers. A chat frame is a few hundred bytes, which
 * deflate barely shrinks, while the server would compress every delivery once per member, each session with a
 * compressor of its own. Browsers offer `permessage-deflate` on every connection and Tomcat accepts it on its own
 * (Spring's choice of none does not stop it), so the upgrade sees the request without the offer.
 * A browser's delivery then costs the server what the load run's does: JMeter never offers compression.
 */
class UncompressedHandshake : DefaultHandshakeHandler(WithoutOffer()) {
    private class WithoutOffer : StandardWebSocketUpgradeStrategy() {
        override fun upgrade(
            request: ServerHttpRequest, response: ServerHttpResponse, selectedProtocol: String?,
            selectedExtensions: List<WebSocketExtension>, user: Principal?, wsHandler: WebSocketHandler,
            attributes: MutableMap<String, Any>,
        ) = super.upgrade(ServletServerHttpRequest(Unoffered(getHttpServletRequest(request))), response, selectedProtocol,
            selectedExtensions, user, wsHandler, attributes)
    }

    private class Unoffered(request: HttpServletRequest) : HttpServletRequestWrapper(request) {
        private fun offer(name: String) = name.equals(EXTENSIONS, ignoreCase = true)

        override fun getHeader(name: String): String? = if (offer(name)) null else super.getHeader(name)

        override fun getHeaders(name: String) = if (offer(name)) Collections.emptyEnumeration() else super.getHeaders(name)

        override fun getHeaderNames() = Collections.enumeration(super.getHeaderNames().toList().filterNot(::offer))
    }

    private companion object {
        const val EXTENSIONS = "Sec-WebSocket-Extensions"
    }
}
