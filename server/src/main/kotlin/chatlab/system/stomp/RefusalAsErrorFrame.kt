package chatlab.system.stomp

import org.springframework.messaging.Message
import org.springframework.messaging.MessageChannel
import org.springframework.messaging.MessageDeliveryException
import org.springframework.messaging.support.ChannelInterceptor

/**
 * Lets a STOMP interceptor refuse a frame by throwing [MessageDeliveryException] with the reason, as Spring's own
 * interceptors do, and turns the refusal into an ERROR frame for the client; the frame goes no further.
 */
class RefusalAsErrorFrame(private val gate: ChannelInterceptor, private val errors: StompErrorFrames) : ChannelInterceptor by gate {

    override fun preSend(message: Message<*>, channel: MessageChannel): Message<*>? = try {
        gate.preSend(message, channel)
    } catch (e: MessageDeliveryException) {
        errors.send(message, e.message ?: "refused")
        null
    }
}
