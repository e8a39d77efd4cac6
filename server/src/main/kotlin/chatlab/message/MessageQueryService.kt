package chatlab.message

import chatlab.room.RoomService
import chatlab.system.deadline.Deadline
import org.springframework.beans.factory.annotation.Value
import org.springframework.stereotype.Service

/** Reads history through the chosen store, for members only. */
@Service
class MessageQueryService(
    private val rooms: RoomService,
    private val stores: MessageStores,
    private val cursors: CursorCodec,
    @Value("\${chatlab.default-store:mongo-redis}") private val defaultStore: String,
) {
    fun storeOf(value: String?): StoreKind = StoreKind.parse(value ?: defaultStore)

    fun latest(userId: Long, roomId: Long, store: String?, size: Int = 20, deadline: Deadline? = null): Served<KeysetPageDto> =
        keyset(userId, roomId, HistoryQuery.of(storeOf(store), size, null, null, null), deadline)

    fun keyset(userId: Long, roomId: Long, query: HistoryQuery, deadline: Deadline? = null): Served<KeysetPageDto> {
        rooms.requireMember(roomId, userId)
        var before = query.cursor?.let { cursors.decode(roomId, it) } ?: Position.NEWEST
        query.lastSentAt?.let { before = minOf(before, Position.before(it)) }
        val read = stores.reader(query.store).findBefore(roomId, before, query.size, deadline)
        val messages = read.messages
        val next = if (messages.size == query.size) cursors.encode(roomId, messages.last().position) else null
        return Served(KeysetPageDto(query.store.key, query.size, messages.map { it.toDto() }, next), read.cache)
    }

    fun offset(userId: Long, roomId: Long, query: HistoryQuery, deadline: Deadline? = null): OffsetPageDto {
        rooms.requireMember(roomId, userId)
        val page = query.page ?: 0
        val result = stores.reader(query.store).findPage(roomId, page, query.size, query.lastSentAt, deadline)
        val totalPages = (result.totalElements + query.size - 1) / query.size
        return OffsetPageDto(query.store.key, page, query.size, result.messages.map { it.toDto() }, result.totalElements, totalPages)
    }
}
