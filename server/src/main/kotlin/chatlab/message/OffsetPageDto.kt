package chatlab.message

/** An offset page with its total count: the baseline's shape. */
data class OffsetPageDto(
    val store: String,
    val page: Int,
    val size: Int,
    val messages: List<ChatMessageDto>,
    val totalElements: Long,
    val totalPages: Long,
)
