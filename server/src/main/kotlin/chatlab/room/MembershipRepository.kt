package chatlab.room

import org.springframework.data.jpa.repository.JpaRepository

interface MembershipRepository : JpaRepository<Membership, MembershipId>
