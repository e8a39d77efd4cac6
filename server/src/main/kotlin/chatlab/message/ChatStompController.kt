package chatlab.message

import chatlab.auth.ChatPrincipal
import chatlab.system.error.ApiError
import chatlab.system.error.ChatException
import org.slf4j.LoggerFactory
import org.springframework.dao.DataAccessException
import org.springframework.http.HttpStatus
import org.springframework.messaging.MessageDeliveryException
import org.springframework.messaging.converter.MessageConversionException
import org.springframework.messaging.handler.annotation.DestinationVariable
import org.springframework.messaging.handler.annotation.Header
import org.springframework.messaging.handler.annotation.MessageExceptionHandler
import org.springframework.messaging.handler.annotation.MessageMapping
import org.springframework.messaging.handler.annotation.Payload
import org.springframework.messaging.simp.SimpMessagingTemplate
import org.springframework.messaging.simp.annotation.SendToUser
import org.springframework.stereotype.Controller
import tools.jackson.databind.exc.InvalidFormatException

/** SEND `/pub/chat-rooms/{roomId}/messages`: stored first, then broadcast to the room's topic, `/topic/chat-rooms.{roomId}`. */
@Controller
class ChatStompController(
    private val messages: MessageService,
    private val broker: SimpMessagingTemplate,
    private val timers: SendPathTimers,
    private val held: SendHold,
) {

    @MessageMapping("/chat-rooms/{roomId}/messages")
    fun send(
        @DestinationVariable roomId: Long,
        @Payload request: SendMessageRequest,
        @Header(name = "store", required = false) store: String?,
        @Header(name = SendHold.HEADER, required = false) marked: String?,
        principal: ChatPrincipal,
    ) {
        val stored = held.hold(marked) { timers.storing { messages.send(principal.userId, roomId, request, store) } }
        try {
            broker.convertAndSend(RoomTopic.of(roomId), stored.toDto(), timers.published())
        } catch (e: MessageDeliveryException) {
            // Stored but not broadcast: the broker is gone, and with it every client's relayed session, which the relay
            // ends with an ERROR frame. The sender never saw its copy, so it retries with the same clientMessageId once
            // reconnected (stored once, broadcast then), or finds the message by reading history.
            log.warn("Message {} of room {} stored but not broadcast: {}", stored.id, roomId, e.message)
        }
    }

    /** A refused SEND goes back to its sender only; the session and everyone else carry on. */
    @MessageExceptionHandler(ChatException::class)
    @SendToUser("/queue/errors", broadcast = false)
    fun refused(e: ChatException): ApiError {
        log.debug("SEND refused: {}", e.message)
        return ApiError.of(e.status, e.message ?: e.status.reasonPhrase)
    }

    /** The message was not stored (a store is unreachable): say so, so the client can retry with the same clientMessageId. */
    @MessageExceptionHandler(DataAccessException::class, com.mongodb.MongoException::class)
    @SendToUser("/queue/errors", broadcast = false)
    fun unavailable(e: Exception): ApiError {
        log.warn("SEND not stored, a backend is unavailable: {}", e.toString())
        return ApiError.of(HttpStatus.SERVICE_UNAVAILABLE, "the message was not stored: a backend store is unavailable, retry with the same clientMessageId")
    }

    /** Not the client's fault and not an outage: say so, and log it as the bug it is. */
    @MessageExceptionHandler(MessageIdClashException::class)
    @SendToUser("/queue/errors", broadcast = false)
    fun idClash(e: MessageIdClashException): ApiError {
        log.error("SEND not stored: {}", e.message, e)
        return ApiError.of(HttpStatus.INTERNAL_SERVER_ERROR, "the message was not stored: server fault (message id ${e.id} clashed), retry with the same clientMessageId")
    }

    @MessageExceptionHandler(MessageConversionException::class)
    @SendToUser("/queue/errors", broadcast = false)
    fun unreadable(e: MessageConversionException): ApiError {
        val cause = e.cause
        val reason = if (cause is InvalidFormatException) {
            "field '${cause.path.joinToString(".") { it.propertyName ?: "[${it.index}]" }}' has an invalid value '${cause.value}'"
        } else {
            "the SEND body is not valid JSON"
        }
        return ApiError.of(HttpStatus.BAD_REQUEST, "$reason: send {\"type\":\"TALK\",\"content\":\"…\",\"clientMessageId\":\"…\"}")
    }

    companion object {
        private val log = LoggerFactory.getLogger(ChatStompController::class.java)
    }
}
