package chatlab.system.stomp

import org.springframework.beans.factory.DisposableBean
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.core.Ordered
import org.springframework.core.env.Environment
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler
import org.springframework.messaging.simp.config.ChannelRegistration
import org.springframework.messaging.simp.config.MessageBrokerRegistry
import org.springframework.web.socket.config.annotation.EnableWebSocketMessageBroker
import org.springframework.web.socket.config.annotation.StompEndpointRegistry
import org.springframework.web.socket.config.annotation.WebSocketMessageBrokerConfigurer
import org.springframework.web.socket.config.annotation.WebSocketTransportRegistration
import org.springframework.web.socket.server.standard.ServletServerContainerFactoryBean

/**
 * STOMP over raw WebSocket at `/ws` (no SockJS, so JMeter can speak it): `/pub` to the app, `/topic` and `/queue`
 * from the broker, Spring's simple broker or a real one through the relay ([Broker]).
 * Each session's frames are handled one at a time in the order they arrived, and each session is written to in
 * the order messages were published to it, so one sender's messages are stored and delivered in the order it sent
 * them (Spring handles a session's frames on several threads at once otherwise).
 */
@Configuration
@EnableWebSocketMessageBroker
class WebSocketConfig(
    private val gates: List<StompGate>,
    private val errors: StompErrorFrames,
    private val receipts: SubscriptionReceipts,
    private val ended: EndedSessions,
    private val taps: List<OutboundTap>,
    private val relay: RelayProperties,
    private val stomp: StompProperties,
    env: Environment,
) : WebSocketMessageBrokerConfigurer, DisposableBean {
    private val broker = Broker.of(env)

    override fun registerStompEndpoints(registry: StompEndpointRegistry) {
        registry.addEndpoint("/ws").setHandshakeHandler(UncompressedHandshake()).setAllowedOriginPatterns("*")
        registry.setPreserveReceiveOrder(true)
        // Before the controllers' mapping: a handshake otherwise first tries every @RequestMapping pattern in vain.
        registry.setOrder(Ordered.HIGHEST_PRECEDENCE)
    }

    override fun configureMessageBroker(registry: MessageBrokerRegistry) {
        when (broker) {
            Broker.SIMPLE -> registry.enableSimpleBroker("/topic", "/queue")
            Broker.RELAY -> enableRelay(registry)
        }
        registry.setApplicationDestinationPrefixes("/pub")
        registry.setUserDestinationPrefix("/user")
        registry.setPreservePublishOrder(true)
    }

    /**
     * Every client session gets its own connection to the broker; messages the server itself sends (broadcasts, errors)
     * share one system connection. Users and their sessions are announced to the other instances over the broker, so
     * a message for a user reaches its sessions on whichever instance they are connected to.
     */
    private fun enableRelay(registry: MessageBrokerRegistry) {
        check(relay.host.isNotBlank()) { "chatlab.broker=relay needs chatlab.relay.host (STOMP_RELAY_HOST), or the embedded stack to start a broker" }
        registry.enableStompBrokerRelay("/topic", "/queue")
            .setRelayHost(relay.host)
            .setRelayPort(relay.port)
            .setClientLogin(relay.login)
            .setClientPasscode(relay.passcode)
            .setSystemLogin(relay.login)
            .setSystemPasscode(relay.passcode)
            .setVirtualHost(relay.virtualHost)
            // Heart-beats to the broker for clients that only SEND to /pub, which the broker otherwise never hears from.
            .setTaskScheduler(relayHeartbeats.apply { initialize() })
            .setUserDestinationBroadcast(USER_DESTINATION_BROADCAST)
            .setUserRegistryBroadcast(USER_REGISTRY_BROADCAST)
    }

    /**
     * Not a bean: a scheduler is also an AsyncTaskExecutor, and when Spring Boot finds a single one it gives it the
     * STOMP channels to run on. As a bean, this one thread carried every client's inbound and outbound frames, and a
     * subscriber that stopped reading held everyone up (ManySessionsIT caught it).
     */
    private val relayHeartbeats = ThreadPoolTaskScheduler().apply {
        poolSize = 1
        setThreadNamePrefix("relay-heartbeat-")
    }

    override fun destroy() = relayHeartbeats.shutdown()

    override fun configureClientInboundChannel(registration: ChannelRegistration) {
        registration.interceptors(*gates.map { RefusalAsErrorFrame(it, errors) }.toTypedArray(), receipts)
        if (broker == Broker.RELAY) registration.interceptors(RelayQueueHeaders(), ended)
    }

    /**
     * Outbound, the features' taps ([OutboundTap]: the send path's timers); through the relay, a session that sent
     * DISCONNECT gets no ERROR frame for the broker's closing ([EndedSessions]). Its pool: [StompProperties.outboundThreads].
     */
    override fun configureClientOutboundChannel(registration: ChannelRegistration) {
        stomp.outboundThreads?.let { registration.taskExecutor().corePoolSize(it).maxPoolSize(it) }
        registration.interceptors(*taps.toTypedArray())
        if (broker == Broker.RELAY) registration.interceptors(ended)
    }

    /**
     * Bounded frames and outbound buffers: one slow or hostile client cannot hold memory or threads for others. Frames
     * are written without blocking a thread ([NonBlockingSession]), which enforces the send limits and ends a session
     * whose client stops reading; Spring's own decorator above it gets the same send limits.
     */
    override fun configureWebSocketTransport(registration: WebSocketTransportRegistration) {
        registration.setMessageSizeLimit(STOMP_FRAME_LIMIT).setSendBufferSizeLimit(SEND_BUFFER_LIMIT).setSendTimeLimit(SEND_TIME_LIMIT_MILLIS)
            .addDecoratorFactory(NonBlockingSessions(NonBlockingSession.OutboundLimits(SEND_BUFFER_LIMIT, SEND_TIME_LIMIT_MILLIS.toLong(),
                stomp.unreadLimit.toBytes(), stomp.pongTimeout.toMillis(), stomp.inlineWriteLimit.toBytes())))
    }

    /**
     * Tomcat accepts WebSocket messages up to twice the STOMP limit, so a frame over the limit reaches the STOMP
     * decoder and gets an ERROR frame that says why; only a larger one is closed by Tomcat (1009, message too big).
     * Tomcat allocates these buffers for every session, idle or not: about 80 KB each, 80 MB per 1,000 sessions.
     */
    @Bean
    fun webSocketContainer() = ServletServerContainerFactoryBean().apply {
        setMaxTextMessageBufferSize(2 * STOMP_FRAME_LIMIT)
        setMaxBinaryMessageBufferSize(BINARY_LIMIT)
    }

    companion object {
        /** A SEND of 1,000 characters, each escaped as `\uXXXX`, is about 6 KB: 16 KB leaves room for headers. */
        const val STOMP_FRAME_LIMIT = 16 * 1024
        const val BINARY_LIMIT = 8 * 1024

        /** Bytes that may wait for a client that is not reading, besides the socket's own buffers: then it is cut off. */
        const val SEND_BUFFER_LIMIT = 512 * 1024

        /** How long one write may wait for a client that is not reading: then it is cut off. */
        const val SEND_TIME_LIMIT_MILLIS = 10_000
        const val USER_DESTINATION_BROADCAST = "/topic/unresolved-user-destination"
        const val USER_REGISTRY_BROADCAST = "/topic/simp-user-registry"
    }
}
