package chatlab.message

import org.springframework.stereotype.Component

/** Every adapter by its kind; the one place a `store` parameter becomes a [MessageStore]. */
@Component
class MessageStores(stores: List<MessageStore>) {
    private val byKind = stores.associateBy { it.kind }

    init {
        check(byKind.keys == StoreKind.entries.toSet()) { "missing message store adapters: ${StoreKind.entries - byKind.keys}" }
    }

    fun reader(kind: StoreKind): MessageStore = byKind.getValue(kind)

    /** Writes with `mongo` go through the cache adapter, so the cache sees every MongoDB write. */
    fun writer(kind: StoreKind): MessageStore = when (kind) {
        StoreKind.MONGO, StoreKind.MONGO_REDIS -> byKind.getValue(StoreKind.MONGO_REDIS)
        else -> byKind.getValue(kind)
    }
}
