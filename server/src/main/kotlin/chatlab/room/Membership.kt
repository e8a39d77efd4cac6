package chatlab.room

import jakarta.persistence.Column
import jakarta.persistence.Embeddable
import jakarta.persistence.EmbeddedId
import jakarta.persistence.Entity
import jakarta.persistence.Table
import java.io.Serializable
import java.time.Instant

@Embeddable
data class MembershipId(
    @Column(name = "room_id") val roomId: Long = 0,
    @Column(name = "user_id") val userId: Long = 0,
) : Serializable

@Entity
@Table(name = "room_membership")
class Membership(
    @EmbeddedId val id: MembershipId,
    @Column(name = "joined_at") val joinedAt: Instant,
)
