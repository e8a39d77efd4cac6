package chatlab.auth

import chatlab.system.stomp.StompGate
import org.slf4j.LoggerFactory
import org.springframework.core.annotation.Order
import org.springframework.messaging.Message
import org.springframework.messaging.MessageChannel
import org.springframework.messaging.MessageDeliveryException
import org.springframework.messaging.simp.stomp.StompCommand
import org.springframework.messaging.simp.stomp.StompHeaderAccessor
import org.springframework.messaging.support.MessageHeaderAccessor
import org.springframework.security.oauth2.jwt.JwtDecoder
import org.springframework.security.oauth2.jwt.JwtException
import org.springframework.stereotype.Component
import java.security.Principal
import java.util.concurrent.ConcurrentHashMap

/**
 * CONNECT must carry `Authorization: Bearer <jwt>`; every frame after it is the authenticated user's; a subscription
 * id is used once at a time per session. Which destinations a user may subscribe to is the feature's that serves
 * them. A refusal is an ERROR frame (which ends that session only).
 */
@Component
@Order(10)
class StompAuthInterceptor(private val decoder: JwtDecoder) : StompGate {

    override fun preSend(message: Message<*>, channel: MessageChannel): Message<*> {
        val accessor = MessageHeaderAccessor.getAccessor(message, StompHeaderAccessor::class.java) ?: return message
        when (accessor.command) {
            StompCommand.CONNECT -> accessor.user = authenticate(accessor.getFirstNativeHeader("Authorization"), message)
            StompCommand.SUBSCRIBE -> {
                accessor.user as? ChatPrincipal ?: refuse(message, "not authenticated: CONNECT with a bearer token first")
                claimSubscriptionId(accessor, message)
            }
            StompCommand.UNSUBSCRIBE -> accessor.subscriptionId?.let { subscriptionIds(accessor)?.remove(it) }
            StompCommand.SEND -> accessor.user ?: refuse(message, "not authenticated: CONNECT with a bearer token first")
            else -> Unit
        }
        return message
    }

    private fun authenticate(header: String?, message: Message<*>): Principal {
        val token = header?.takeIf { it.startsWith("Bearer ", ignoreCase = true) }?.substring(7)?.trim()
            ?: refuse(message, "CONNECT needs an 'Authorization: Bearer <jwt>' header")
        val jwt = try {
            decoder.decode(token)
        } catch (e: JwtException) {
            refuse(message, "invalid token: ${e.message}")
        }
        return ChatPrincipal(jwt.userId())
    }

    /** STOMP 1.2: a subscription id identifies one subscription in its session; a second SUBSCRIBE with it is refused. */
    private fun claimSubscriptionId(accessor: StompHeaderAccessor, message: Message<*>) {
        val id = accessor.subscriptionId ?: refuse(message, "SUBSCRIBE needs an 'id' header")
        val ids = subscriptionIds(accessor) ?: return
        if (!ids.add(id)) refuse(message, "subscription id '$id' is already in use in this session")
    }

    @Suppress("UNCHECKED_CAST")
    private fun subscriptionIds(accessor: StompHeaderAccessor): MutableSet<String>? =
        accessor.sessionAttributes?.computeIfAbsent(SUBSCRIPTION_IDS) { ConcurrentHashMap.newKeySet<String>() } as MutableSet<String>?

    private fun refuse(message: Message<*>, reason: String): Nothing {
        val accessor = MessageHeaderAccessor.getAccessor(message, StompHeaderAccessor::class.java)
        log.info("STOMP {} refused (session {}): {}", accessor?.command, accessor?.sessionId, reason)
        throw MessageDeliveryException(message, reason)
    }

    companion object {
        private val log = LoggerFactory.getLogger(StompAuthInterceptor::class.java)
        private const val SUBSCRIPTION_IDS = "chatlab.subscriptionIds"
    }
}
