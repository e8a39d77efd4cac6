package chatlab.system

import chatlab.auth.StompAuthInterceptor
import org.springframework.context.annotation.Configuration
import org.springframework.messaging.simp.config.ChannelRegistration
import org.springframework.messaging.simp.config.MessageBrokerRegistry
import org.springframework.web.socket.config.annotation.EnableWebSocketMessageBroker
import org.springframework.web.socket.config.annotation.StompEndpointRegistry
import org.springframework.web.socket.config.annotation.WebSocketMessageBrokerConfigurer
import org.springframework.web.socket.config.annotation.WebSocketTransportRegistration

/** STOMP over raw WebSocket at `/ws` (no SockJS, so JMeter can speak it): `/pub` to the app, `/sub` from the broker. */
@Configuration
@EnableWebSocketMessageBroker
class WebSocketConfig(
    private val auth: StompAuthInterceptor,
    private val receipts: SubscriptionReceipts,
) : WebSocketMessageBrokerConfigurer {

    override fun registerStompEndpoints(registry: StompEndpointRegistry) {
        registry.addEndpoint("/ws").setAllowedOriginPatterns("*")
    }

    override fun configureMessageBroker(registry: MessageBrokerRegistry) {
        registry.enableSimpleBroker("/sub", "/queue")
        registry.setApplicationDestinationPrefixes("/pub")
        registry.setUserDestinationPrefix("/user")
    }

    override fun configureClientInboundChannel(registration: ChannelRegistration) {
        registration.interceptors(auth, receipts)
    }

    /** Bounded frames and outbound buffers: one slow or hostile client cannot hold memory or threads for others. */
    override fun configureWebSocketTransport(registration: WebSocketTransportRegistration) {
        registration.setMessageSizeLimit(64 * 1024).setSendBufferSizeLimit(512 * 1024).setSendTimeLimit(10_000)
    }
}
