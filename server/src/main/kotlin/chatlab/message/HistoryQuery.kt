package chatlab.message

import chatlab.system.error.BadRequestException
import java.time.Instant
import java.time.LocalDateTime
import java.time.OffsetDateTime
import java.time.ZoneOffset
import java.time.format.DateTimeParseException

/** The validated parameters of "get chat messages". */
data class HistoryQuery(
    val store: StoreKind,
    val size: Int,
    val lastSentAt: Instant?,
    val cursor: String?,
    val page: Int?,
) {
    companion object {
        const val MAX_SIZE = 100
        const val MAX_PAGE = 100_000

        fun of(store: StoreKind, size: Int, lastSentAt: String?, cursor: String?, page: Int?, now: Instant = Instant.now()): HistoryQuery {
            if (size !in 1..MAX_SIZE) throw BadRequestException("size must be between 1 and $MAX_SIZE, was $size")
            if (page != null && page !in 0..MAX_PAGE) throw BadRequestException("page must be between 0 and $MAX_PAGE, was $page")
            if (page != null && cursor != null) throw BadRequestException("page (offset) and cursor (keyset) cannot be combined")
            if (page != null && !store.supportsOffset) {
                throw BadRequestException("store '${store.key}' serves keyset pages only: use lastSentAt or cursor, not page")
            }
            return HistoryQuery(store, size, lastSentAt?.let { parseInstant(it, now) }, cursor?.takeIf { it.isNotBlank() }, page)
        }

        /**
         * ISO-8601 with an offset (`2025-02-01T10:00:00Z`, `…+09:00`), or without one (`2025-02-01T10:00:00.000`,
         * as the public plan's script prints it), which is read as UTC. From 1970 to a day from now.
         */
        private fun parseInstant(value: String, now: Instant): Instant {
            val text = value.trim()
            val instant = try {
                OffsetDateTime.parse(text).toInstant()
            } catch (withOffset: DateTimeParseException) {
                try {
                    LocalDateTime.parse(text).toInstant(ZoneOffset.UTC)
                } catch (withoutOffset: DateTimeParseException) {
                    throw BadRequestException("lastSentAt must be an ISO-8601 instant such as 2025-02-01T10:00:00Z, was '$value'")
                }
            }
            if (instant.isAfter(now.plusSeconds(86_400))) throw BadRequestException("lastSentAt $value is in the future")
            if (instant.isBefore(Instant.EPOCH)) throw BadRequestException("lastSentAt $value is before 1970-01-01T00:00:00Z")
            return instant
        }
    }
}
