package chatlab.system.stomp

import org.springframework.context.ApplicationListener
import org.springframework.messaging.Message
import org.springframework.messaging.MessageChannel
import org.springframework.messaging.simp.stomp.StompCommand
import org.springframework.messaging.simp.stomp.StompHeaderAccessor
import org.springframework.messaging.support.ChannelInterceptor
import org.springframework.stereotype.Component
import org.springframework.web.socket.messaging.SessionDisconnectEvent
import java.util.concurrent.ConcurrentHashMap

/**
 * A client that DISCONNECTs with a receipt ends its session cleanly: RECEIPT, then the close. Through the broker relay
 * it would get an ERROR frame in between: the broker closes its connection once it has sent the RECEIPT, and Spring's
 * relay reports every closed broker connection to the client as `Connection to broker closed.` This interceptor sits
 * on both channels: inbound it notes the sessions that sent DISCONNECT, outbound it drops the ERROR frames that reach
 * them afterwards. A broker that goes away under a session that did not DISCONNECT still ends it with its ERROR frame.
 */
@Component
class EndedSessions : ChannelInterceptor, ApplicationListener<SessionDisconnectEvent> {
    private val ended = ConcurrentHashMap.newKeySet<String>()

    override fun preSend(message: Message<*>, channel: MessageChannel): Message<*>? {
        val accessor = StompHeaderAccessor.wrap(message)
        val session = accessor.sessionId ?: return message
        return when (accessor.command) {
            StompCommand.DISCONNECT -> message.also { ended += session }
            StompCommand.ERROR -> message.takeUnless { session in ended }
            else -> message
        }
    }

    /** The WebSocket session is gone: forget it. */
    override fun onApplicationEvent(event: SessionDisconnectEvent) {
        ended -= event.sessionId
    }

    /** Sessions that sent DISCONNECT and have not closed yet. */
    val ending: Int get() = ended.size
}
