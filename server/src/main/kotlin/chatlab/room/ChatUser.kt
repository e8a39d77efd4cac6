package chatlab.room

import jakarta.persistence.Entity
import jakarta.persistence.Id
import jakarta.persistence.Table

/** A seeded user; there is no sign-up flow, a token's subject names one of these. */
@Entity
@Table(name = "chat_user")
class ChatUser(@Id val id: Long, val name: String)
