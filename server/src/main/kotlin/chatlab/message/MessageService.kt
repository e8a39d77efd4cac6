package chatlab.message

import chatlab.room.RoomService
import chatlab.system.error.BadRequestException
import org.springframework.beans.factory.annotation.Value
import org.springframework.stereotype.Service
import java.util.UUID

/** Validates, persists in the chosen store (MongoDB writes go through the cache), and moves the room preview: with MySQL in one commit. */
@Service
class MessageService(
    private val rooms: RoomService,
    private val stores: MessageStores,
    private val positions: PositionAllocator,
    @Value("\${chatlab.default-write-store:mongo}") private val defaultWriteStore: String,
) {
    /** Returns the stored message; a retried clientMessageId returns the copy stored the first time. */
    fun send(userId: Long, roomId: Long, request: SendMessageRequest, store: String?): ChatMessage {
        val kind = StoreKind.parse(store ?: defaultWriteStore)
        rooms.requireMember(roomId, userId)
        val content = validContent(request.content)
        if (request.type != null && request.type != MessageType.TALK) {
            throw BadRequestException("clients may send TALK messages only, not ${request.type}")
        }
        val clientMessageId = validClientMessageId(request.clientMessageId)
        val position = positions.next()
        val message = ChatMessage(
            id = position.id,
            roomId = roomId,
            senderId = userId,
            type = MessageType.TALK,
            content = content,
            sentAt = position.sentAt,
            clientMessageId = clientMessageId,
        )
        return stores.writer(kind).save(message) { rooms.updatePreview(roomId, it.content, it.sentAt) }
    }

    private fun validContent(content: String?): String {
        if (content.isNullOrBlank()) throw BadRequestException("content must not be empty")
        if (content.length > MAX_CONTENT) throw BadRequestException("content must be at most $MAX_CONTENT characters, was ${content.length}")
        if (content.any { it.isISOControl() && it !in "\n\r\t" }) throw BadRequestException("content must not contain control characters")
        if (hasLoneSurrogate(content)) throw BadRequestException("content must be valid Unicode: it holds a lone UTF-16 surrogate")
        return content
    }

    private fun validClientMessageId(value: String?): String {
        if (value.isNullOrBlank()) return UUID.randomUUID().toString()
        if (value.length > 64 || !value.all { it.isLetterOrDigit() || it in "-_.:" }) {
            throw BadRequestException("clientMessageId must be 1..64 characters of letters, digits, '-', '_', '.', ':'")
        }
        return value
    }

    companion object {
        const val MAX_CONTENT = 1000

        /** A high surrogate not followed by a low one, or a low one not preceded by a high one: no character at all. */
        fun hasLoneSurrogate(text: String): Boolean = text.indices.any { i ->
            val c = text[i]
            (c.isHighSurrogate() && !(i + 1 < text.length && text[i + 1].isLowSurrogate())) ||
                (c.isLowSurrogate() && !(i > 0 && text[i - 1].isHighSurrogate()))
        }
    }
}
