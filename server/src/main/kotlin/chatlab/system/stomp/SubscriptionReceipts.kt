package chatlab.system.stomp

import org.springframework.beans.factory.annotation.Qualifier
import org.springframework.context.annotation.Lazy
import org.springframework.messaging.Message
import org.springframework.messaging.MessageChannel
import org.springframework.messaging.MessageHandler
import org.springframework.messaging.simp.broker.SimpleBrokerMessageHandler
import org.springframework.messaging.simp.stomp.StompCommand
import org.springframework.messaging.simp.stomp.StompHeaderAccessor
import org.springframework.messaging.support.ExecutorChannelInterceptor
import org.springframework.messaging.support.MessageBuilder
import org.springframework.stereotype.Component

/**
 * Answers a SUBSCRIBE that carries a `receipt` header with a RECEIPT once the broker has registered it (the
 * simple broker sends none). A client that waits for it knows its next SEND's broadcast will reach it.
 */
@Component
class SubscriptionReceipts(@Lazy @Qualifier("clientOutboundChannel") private val outbound: MessageChannel) : ExecutorChannelInterceptor {

    override fun afterMessageHandled(message: Message<*>, channel: MessageChannel, handler: MessageHandler, ex: Exception?) {
        if (ex != null || handler !is SimpleBrokerMessageHandler) return
        val subscribe = StompHeaderAccessor.wrap(message)
        if (subscribe.command != StompCommand.SUBSCRIBE) return
        val receipt = subscribe.receipt ?: return
        val reply = StompHeaderAccessor.create(StompCommand.RECEIPT).apply {
            receiptId = receipt
            sessionId = subscribe.sessionId
        }
        outbound.send(MessageBuilder.createMessage(ByteArray(0), reply.messageHeaders))
    }
}
