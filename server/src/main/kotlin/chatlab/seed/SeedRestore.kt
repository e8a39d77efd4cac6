package chatlab.seed

import chatlab.message.MessageStores
import chatlab.message.StoreKind
import org.springframework.stereotype.Component

/**
 * Takes every store back to the seed's messages: deletes what was sent since (ids above the seed's, which the id
 * allocator never hands out again) from MySQL, MongoDB (the rooms it touched leave the Redis cache) and both SQLite
 * files. The load plans call it between measured units, so that no unit reads or writes a store that an earlier one
 * grew. Rooms keep their last message's preview.
 */
@Component
class SeedRestore(private val stores: MessageStores, private val properties: SeedProperties) {

    fun restore(): SeedRestored {
        val seedMaxId = properties.messages.toLong()
        val removed = STORES.associate { (name, kind) -> name to stores.writer(kind).removeAbove(seedMaxId) }
        return SeedRestored(
            seedMessages = seedMaxId,
            removed = removed.mapValues { it.value.messages },
            rooms = removed.values.flatMap { it.rooms }.toSortedSet().toList(),
            messages = STORES.associate { (name, kind) -> name to stores.writer(kind).count() },
        )
    }

    private companion object {
        /** One entry per place messages live: `mongo` and `mongo-redis` write the same MongoDB collection. */
        val STORES = listOf("mysql" to StoreKind.MYSQL, "mongo" to StoreKind.MONGO, "sqlite" to StoreKind.SQLITE, "sqlite-tuned" to StoreKind.SQLITE_TUNED)
    }
}

/** What a restore did: per store, the messages it removed and those it holds now; the rooms they were in. */
data class SeedRestored(val seedMessages: Long, val removed: Map<String, Long>, val rooms: List<Long>, val messages: Map<String, Long>)
