package chatlab.seed

import org.springframework.boot.context.properties.ConfigurationProperties
import java.time.Instant

/**
 * `chatlab.seed.*`: the dummy data. Rooms 1..openRooms are group rooms (GOODS_TRADE / MATE_GROUP) anyone may
 * enter; the rest are ONE_TO_ONE and full. Users 1..loadUsers (the JMeter virtual users) are members of every
 * open room. Messages get ids 1..messages and the same content in both stores.
 */
@ConfigurationProperties("chatlab.seed")
data class SeedProperties(
    val enabled: Boolean = true,
    val reset: Boolean = false,
    val users: Int = 1_000,
    val rooms: Int = 100,
    val openRooms: Int = 80,
    val groupCapacity: Int = 1_000,
    val membersPerGroup: Int = 20,
    val loadUsers: Int = 100,
    val messages: Int = 200_000,
    val randomSeed: Long = 20250128L,
    val from: Instant = Instant.parse("2025-01-28T13:48:00Z"),
    val to: Instant = Instant.parse("2025-02-14T12:10:00Z"),
    /** Every n-th message reuses the previous message's millisecond in the same room, so ties exist. */
    val tieEvery: Int = 50,
    val batchSize: Int = 2_000,
) {
    init {
        require(openRooms in 0..rooms) { "chatlab.seed.open-rooms must be within 0..rooms" }
        require(users >= 2 * (rooms - openRooms) && users >= membersPerGroup && users >= loadUsers) {
            "chatlab.seed.users is too small for the rooms and load users"
        }
        require(loadUsers + membersPerGroup <= groupCapacity) { "load users and group members exceed chatlab.seed.group-capacity" }
        require(from.isBefore(to)) { "chatlab.seed.from must be before chatlab.seed.to" }
    }
}
