package chatlab.system.stomp

import org.springframework.web.socket.CloseStatus
import org.springframework.web.socket.PongMessage
import org.springframework.web.socket.WebSocketHandler
import org.springframework.web.socket.WebSocketMessage
import org.springframework.web.socket.WebSocketSession
import org.springframework.web.socket.handler.WebSocketHandlerDecorator
import org.springframework.web.socket.handler.WebSocketHandlerDecoratorFactory
import java.util.concurrent.ConcurrentHashMap

/** Installs a [NonBlockingSession] under Spring's own decorator on every session the STOMP endpoint opens, and hands it its client's pongs. */
class NonBlockingSessions(private val limits: NonBlockingSession.OutboundLimits) : WebSocketHandlerDecoratorFactory {

    override fun decorate(handler: WebSocketHandler): WebSocketHandler = object : WebSocketHandlerDecorator(handler) {
        private val sessions = ConcurrentHashMap<String, NonBlockingSession>()

        override fun afterConnectionEstablished(session: WebSocketSession) =
            super.afterConnectionEstablished(NonBlockingSession(session, limits).also { sessions[session.id] = it })

        override fun handleMessage(session: WebSocketSession, message: WebSocketMessage<*>) {
            if (message is PongMessage) sessions[session.id]?.pong() else super.handleMessage(session, message)
        }

        override fun afterConnectionClosed(session: WebSocketSession, closeStatus: CloseStatus) {
            sessions.remove(session.id)
            super.afterConnectionClosed(session, closeStatus)
        }
    }
}
