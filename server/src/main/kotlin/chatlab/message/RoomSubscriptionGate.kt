package chatlab.message

import chatlab.auth.ChatPrincipal
import chatlab.room.RoomService
import chatlab.system.stomp.StompGate
import org.slf4j.LoggerFactory
import org.springframework.core.annotation.Order
import org.springframework.messaging.Message
import org.springframework.messaging.MessageChannel
import org.springframework.messaging.MessageDeliveryException
import org.springframework.messaging.simp.stomp.StompCommand
import org.springframework.messaging.simp.stomp.StompHeaderAccessor
import org.springframework.messaging.support.MessageHeaderAccessor
import org.springframework.stereotype.Component

/** SUBSCRIBE is allowed to a room's topic for its members and to the caller's own error queue, nothing else. */
@Component
@Order(20)
class RoomSubscriptionGate(private val rooms: RoomService) : StompGate {

    override fun preSend(message: Message<*>, channel: MessageChannel): Message<*> {
        val accessor = MessageHeaderAccessor.getAccessor(message, StompHeaderAccessor::class.java) ?: return message
        if (accessor.command != StompCommand.SUBSCRIBE) return message
        val user = accessor.user as? ChatPrincipal ?: return message // the auth gate refuses it
        val destination = accessor.destination ?: refuse(message, "SUBSCRIBE needs a destination")
        if (destination == RoomTopic.ERRORS) return message
        val roomId = RoomTopic.roomOf(destination)
            ?: refuse(message, "cannot subscribe to '$destination': use ${RoomTopic.PREFIX}{roomId} or ${RoomTopic.ERRORS}")
        if (!rooms.isMember(roomId, user.userId)) refuse(message, "user ${user.userId} is not a member of chat room $roomId")
        return message
    }

    private fun refuse(message: Message<*>, reason: String): Nothing {
        log.info("STOMP SUBSCRIBE refused (session {}): {}", StompHeaderAccessor.wrap(message).sessionId, reason)
        throw MessageDeliveryException(message, reason)
    }

    companion object {
        private val log = LoggerFactory.getLogger(RoomSubscriptionGate::class.java)
    }
}
