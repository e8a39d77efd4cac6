package chatlab.message

/** The body of a STOMP SEND. The sender is the authenticated user, never a field of this payload. */
data class SendMessageRequest(
    val type: MessageType? = MessageType.TALK,
    val content: String? = null,
    val clientMessageId: String? = null,
)
