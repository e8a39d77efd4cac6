package chatlab.message

/** A keyset page, newest first, no total count; `nextCursor` is set when the page is full. */
data class KeysetPageDto(val store: String, val size: Int, val messages: List<ChatMessageDto>, val nextCursor: String?)
