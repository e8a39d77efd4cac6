package chatlab.system.stomp

import org.springframework.messaging.support.ChannelInterceptor

/**
 * A check on the frames clients send, registered by the feature that owns it (readiness, authentication, …) and
 * applied in `@Order`. It refuses a frame by throwing `MessageDeliveryException` with the reason: the client then
 * gets an ERROR frame saying so and the session ends.
 */
interface StompGate : ChannelInterceptor
