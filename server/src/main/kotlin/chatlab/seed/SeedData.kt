package chatlab.seed

import chatlab.message.ChatMessage
import chatlab.message.MessageType
import chatlab.room.ChatRoom
import chatlab.room.RoomType
import kotlin.random.Random

/** The whole data set, generated from [SeedProperties.randomSeed]: the same every time, for every store. */
class SeedData(private val properties: SeedProperties) {
    private val random = Random(properties.randomSeed)

    val rooms: List<ChatRoom> = (1L..properties.rooms).map { id ->
        val type = when {
            id > properties.openRooms -> RoomType.ONE_TO_ONE
            id % 2 == 1L -> RoomType.MATE_GROUP
            else -> RoomType.GOODS_TRADE
        }
        val capacity = if (type == RoomType.ONE_TO_ONE) 2 else properties.groupCapacity
        ChatRoom(id, "${type.name.lowercase().replace('_', '-')} room $id", type, capacity)
    }

    /** Members per room: two distinct users for a one-to-one room, a random group elsewhere. */
    val members: Map<Long, List<Long>> = rooms.associate { room ->
        room.id to if (room.type == RoomType.ONE_TO_ONE) {
            val first = 2 * (room.id - properties.openRooms) - 1
            listOf(first, first + 1)
        } else {
            val group = generateSequence { random.nextLong(1, properties.users + 1L) }.distinct().take(properties.membersPerGroup).toList()
            (group + (1L..properties.loadUsers)).distinct()
        }
    }

    /** Who sends the seeded messages of a room: its own members, not the load users. */
    private val senders: Map<Long, List<Long>> = members.mapValues { (roomId, users) ->
        if (roomId > properties.openRooms) users else users.take(properties.membersPerGroup)
    }

    val messages: List<ChatMessage> = buildList(properties.messages) {
        val span = properties.to.toEpochMilli() - properties.from.toEpochMilli()
        for (id in 1L..properties.messages) {
            val tie = properties.tieEvery > 0 && id % properties.tieEvery == 0L && isNotEmpty()
            val roomId = if (tie) last().roomId else random.nextLong(1, properties.rooms + 1L)
            val sentAt = if (tie) last().sentAt else properties.from.plusMillis(random.nextLong(span))
            val sender = senders.getValue(roomId).random(random)
            add(ChatMessage(id, roomId, sender, MessageType.TALK, content(id, roomId), sentAt, "seed-$id"))
        }
    }

    private fun content(id: Long, roomId: Long): String {
        val words = (1..random.nextInt(3, 30)).joinToString(" ") { WORDS[random.nextInt(WORDS.size)] }
        return "#$id in room $roomId: $words"
    }

    companion object {
        private val WORDS = listOf(
            "trade", "ticket", "seat", "jersey", "cap", "signed", "ball", "tonight", "game", "inning", "home", "away",
            "meet", "gate", "station", "price", "deal", "thanks", "great", "homerun", "pitcher", "lineup", "rain", "delay",
        )
    }
}
