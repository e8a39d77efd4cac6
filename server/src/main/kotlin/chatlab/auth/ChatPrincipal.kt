package chatlab.auth

import java.security.Principal

/** The STOMP session's user; its name is the user id, which also routes `/user/queue/errors`. */
data class ChatPrincipal(val userId: Long) : Principal {
    override fun getName(): String = userId.toString()
}
