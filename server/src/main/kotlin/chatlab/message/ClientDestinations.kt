package chatlab.message

import chatlab.auth.ChatPrincipal
import chatlab.room.RoomService
import chatlab.system.stomp.StompGate
import org.slf4j.LoggerFactory
import org.springframework.core.annotation.Order
import org.springframework.http.server.PathContainer
import org.springframework.messaging.Message
import org.springframework.messaging.MessageChannel
import org.springframework.messaging.MessageDeliveryException
import org.springframework.messaging.simp.SimpMessageHeaderAccessor
import org.springframework.messaging.simp.SimpMessageType
import org.springframework.messaging.simp.stomp.StompCommand
import org.springframework.messaging.simp.stomp.StompHeaderAccessor
import org.springframework.messaging.support.MessageHeaderAccessor
import org.springframework.security.access.AccessDeniedException
import org.springframework.security.authorization.AuthorizationDecision
import org.springframework.security.messaging.access.intercept.AuthorizationChannelInterceptor
import org.springframework.security.messaging.access.intercept.MessageAuthorizationContext
import org.springframework.security.messaging.access.intercept.MessageMatcherDelegatingAuthorizationManager
import org.springframework.security.messaging.util.matcher.PathPatternMessageMatcher
import org.springframework.stereotype.Component
import org.springframework.web.util.pattern.PathPatternParser

/**
 * Every destination a client may use, in one list: SEND to `/pub/chat-rooms/{roomId}/messages` only, SUBSCRIBE to a
 * room's topic (its members) and to the caller's own error queue. The broker's destinations (a room's topic, another
 * user's queue, the relay's user registry) are the server's alone to write to, so a client cannot forge a broadcast.
 * The rules are Spring Security's message authorization; a frame they deny gets an ERROR frame naming the
 * destination, and its session ends (authentication comes first, in `StompAuthInterceptor`).
 */
@Component
@Order(20)
class ClientDestinations(private val rooms: RoomService) : StompGate {
    /** Destinations are matched as they arrive, undecoded and without `;` parameters, as the broker will see them. */
    private val paths = PathPatternMessageMatcher.withPathPatternParser(
        PathPatternParser().apply { pathOptions = PathContainer.Options.create('/', false) },
    )

    private val rules = AuthorizationChannelInterceptor(
        MessageMatcherDelegatingAuthorizationManager.builder()
            .simpTypeMatchers(SimpMessageType.CONNECT, SimpMessageType.HEARTBEAT, SimpMessageType.UNSUBSCRIBE, SimpMessageType.DISCONNECT).permitAll()
            .matchers(paths.matcher(SimpMessageType.MESSAGE, SEND_PATTERN)).permitAll()
            .matchers(paths.matcher(SimpMessageType.SUBSCRIBE, RoomTopic.ERRORS)).permitAll()
            .matchers(paths.matcher(SimpMessageType.SUBSCRIBE, "${RoomTopic.PREFIX}{roomId}")).access { _, context -> AuthorizationDecision(isMember(context)) }
            .anyMessage().denyAll()
            .build(),
    )

    override fun preSend(message: Message<*>, channel: MessageChannel): Message<*>? = try {
        rules.preSend(message, channel)
    } catch (e: AccessDeniedException) {
        val reason = reason(message)
        log.info("STOMP frame refused (session {}): {}", SimpMessageHeaderAccessor.getSessionId(message.headers), reason)
        throw MessageDeliveryException(message, reason)
    }

    private fun isMember(context: MessageAuthorizationContext<*>): Boolean {
        val user = SimpMessageHeaderAccessor.getUser(context.message.headers) as? ChatPrincipal ?: return false
        val roomId = SimpMessageHeaderAccessor.getDestination(context.message.headers)?.let(RoomTopic::roomOf) ?: return false
        return rooms.isMember(roomId, user.userId)
    }

    private fun reason(message: Message<*>): String {
        val frame = MessageHeaderAccessor.getAccessor(message, StompHeaderAccessor::class.java) ?: StompHeaderAccessor.wrap(message)
        val destination = frame.destination
        val user = frame.user as? ChatPrincipal
        return when {
            frame.command == StompCommand.SEND && destination == null -> "SEND needs a destination: $SEND"
            frame.command == StompCommand.SEND && destination != null && ROOM_MESSAGES.matches(destination) ->
                "clients may SEND only to $SEND with roomId a room's number, not to '$destination'"
            frame.command == StompCommand.SEND -> "clients may SEND only to $SEND, not to '$destination'"
            frame.command == StompCommand.SUBSCRIBE && destination == null -> "SUBSCRIBE needs a destination"
            frame.command == StompCommand.SUBSCRIBE && user != null && RoomTopic.roomOf(destination!!) != null ->
                "user ${user.userId} is not a member of chat room ${RoomTopic.roomOf(destination)}"
            frame.command == StompCommand.SUBSCRIBE -> "cannot subscribe to '$destination': use ${RoomTopic.PREFIX}{roomId} or ${RoomTopic.ERRORS}"
            else -> "${frame.command ?: "this frame"} is not part of this API: clients CONNECT, SUBSCRIBE, UNSUBSCRIBE, SEND and DISCONNECT"
        }
    }

    companion object {
        /** The one destination a client SENDs to (`ChatStompController`, under the `/pub` application prefix). */
        const val SEND = "/pub/chat-rooms/{roomId}/messages"

        /**
         * [SEND] as the rules match it: a room id is a number that fits the server's `Long` (up to 18 digits), so that a
         * SEND the controller could not map is refused here with a reason instead of going unanswered.
         */
        private const val SEND_PATTERN = "/pub/chat-rooms/{roomId:\\d{1,18}}/messages"

        /** [SEND]'s shape with any room id, to name the id as the reason when it is not a room's number. */
        private val ROOM_MESSAGES = Regex("/pub/chat-rooms/[^/]+/messages")
        private val log = LoggerFactory.getLogger(ClientDestinations::class.java)
    }
}
