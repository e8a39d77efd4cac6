package chatlab.system.stomp

import org.springframework.messaging.Message
import org.springframework.messaging.MessageChannel
import org.springframework.messaging.simp.stomp.StompCommand
import org.springframework.messaging.simp.stomp.StompHeaderAccessor
import org.springframework.messaging.support.ChannelInterceptor
import org.springframework.messaging.support.MessageHeaderAccessor

/**
 * Relay only: a session's own queues (`/user/queue/errors` becomes `/queue/errors-user{session}` at the broker) are
 * asked to go when their session does. RabbitMQ would otherwise keep every one as a durable queue; Artemis deletes
 * them on its own and ignores the headers.
 */
class RelayQueueHeaders : ChannelInterceptor {

    override fun preSend(message: Message<*>, channel: MessageChannel): Message<*> {
        val accessor = MessageHeaderAccessor.getAccessor(message, StompHeaderAccessor::class.java) ?: return message
        if (accessor.command == StompCommand.SUBSCRIBE && accessor.destination?.startsWith("/user/queue/") == true && accessor.isMutable) {
            accessor.setNativeHeader("durable", "false")
            accessor.setNativeHeader("auto-delete", "true")
        }
        return message
    }
}
