package chatlab.message

import chatlab.auth.userId
import chatlab.system.deadline.Deadline
import org.springframework.http.ResponseEntity
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.RequestAttribute
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController

@RestController
@RequestMapping("/api/v1/chat-rooms")
class MessageController(private val queries: MessageQueryService) {

    /** Keyset (`lastSentAt` and/or `cursor`) or offset (`page`) history, newest first; keyset pages of a cached path say how the cache answered. */
    @GetMapping("/{roomId}/messages")
    fun messages(
        @AuthenticationPrincipal jwt: Jwt,
        @PathVariable roomId: Long,
        @RequestParam(required = false) store: String?,
        @RequestParam(defaultValue = "20") size: Int,
        @RequestParam(required = false) lastSentAt: String?,
        @RequestParam(required = false) cursor: String?,
        @RequestParam(required = false) page: Int?,
        @RequestAttribute(Deadline.ATTRIBUTE, required = false) deadline: Deadline?,
    ): ResponseEntity<*> {
        val query = HistoryQuery.of(queries.storeOf(store), size, lastSentAt, cursor, page)
        return if (query.page != null) ResponseEntity.ok(queries.offset(jwt.userId(), roomId, query, deadline))
        else queries.keyset(jwt.userId(), roomId, query, deadline).toResponse()
    }
}
