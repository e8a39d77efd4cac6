package chatlab.seed

import chatlab.message.ChatMessage
import chatlab.message.MessageIdAllocator
import chatlab.message.mongo.MessageDocument
import chatlab.message.mysql.MessageInsert
import chatlab.message.redis.CacheGuard
import chatlab.message.sqlite.SqliteMessageStore
import chatlab.system.jdbc.toUtcDateTime
import chatlab.system.readiness.StartupProgress
import org.bson.Document
import org.slf4j.LoggerFactory
import org.springframework.boot.ApplicationArguments
import org.springframework.boot.ApplicationRunner
import org.springframework.core.annotation.Order
import org.springframework.data.mongodb.core.MongoTemplate
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.stereotype.Component
import java.util.concurrent.CompletableFuture
import kotlin.system.measureTimeMillis

/**
 * Seeds rooms, users, memberships and the same messages into MySQL, MongoDB and both SQLite files at start-up, unless present.
 * A start-up runner, so the server is not ready (readiness REFUSING_TRAFFIC, API 503) until it is done; its
 * progress shows in the `startup` health details. Writing MongoDB around the cache, it clears the cache too.
 */
@Component
@Order(10)
class DataSeeder(
    private val properties: SeedProperties,
    private val jdbc: JdbcTemplate,
    private val mysqlRows: MessageInsert,
    private val mongo: MongoTemplate,
    private val mongoWriter: MongoSeedWriter,
    private val cache: CacheGuard,
    private val sqlite: List<SqliteMessageStore>,
    private val startup: StartupProgress,
    private val lock: SeedLock,
) : ApplicationRunner {

    override fun run(args: ApplicationArguments) {
        if (!properties.enabled) return
        startup.report(STEP, "checking for seed data")
        // Several instances may start at once against the same stores: one seeds, the others wait and find it done.
        lock.hold(waiting = { startup.report(STEP, "waiting for another instance to finish seeding") }) { seedUnlessPresent() }
    }

    private fun seedUnlessPresent() {
        if (!properties.reset && isSeeded()) {
            log.info("Seed data already present ({} messages per store); set chatlab.seed.reset=true to rebuild", properties.messages)
            startup.report(STEP, "seed data present")
            return
        }
        val took = measureTimeMillis {
            startup.report(STEP, "generating ${properties.messages} messages")
            val data = SeedData(properties)
            wipe()
            // Every store at once: MySQL gets rooms, users, memberships, its messages and the room previews while
            // MongoDB and each SQLite file get their messages; none waits for another.
            startup.report(STEP, "writing rooms, users, memberships and messages")
            val mysql = CompletableFuture.runAsync {
                seedRelational(data)
                timed("MySQL") { insertMysql(data.messages) }
                updatePreviews(data.messages)
            }
            val mongo = CompletableFuture.runAsync {
                timed("MongoDB (${mongoWriter.route})") { mongoWriter.write(data.messages, properties.batchSize) { progress("MongoDB", it) } }
            }
            // The cache may hold rooms from before the reseed (an external Redis). Clearing it while the stores are
            // written is as good as after: nothing is served before ready, so no read can fill it in between.
            val redis = CompletableFuture.runAsync { cache.invalidateAll(data.rooms.map { it.id }) }
            val files = sqlite.map { store ->
                val name = "SQLite (${store.kind.key})"
                CompletableFuture.runAsync { timed(name) { store.insertAll(data.messages, properties.batchSize) { progress(name, it) } } }
            }
            CompletableFuture.allOf(mysql, mongo, redis, *files.toTypedArray()).join()
            startup.report(STEP, "done")
        }
        log.info("Seeded {} rooms, {} users and {} messages per store in {} ms", properties.rooms, properties.users, properties.messages, took)
    }

    private fun isSeeded(): Boolean {
        val rooms = jdbc.queryForObject("SELECT COUNT(*) FROM chat_room", Long::class.java)
        val mysql = jdbc.queryForObject("SELECT COUNT(*) FROM chat_message WHERE id <= ?", Long::class.java, properties.messages)
        val mongoCount = mongo.getCollection(MessageDocument.COLLECTION).countDocuments(Document("_id", Document("\$lte", properties.messages.toLong())))
        val expected = properties.messages.toLong()
        return rooms == properties.rooms.toLong() && mysql == expected && mongoCount == expected && sqlite.all { it.countUpTo(expected) == expected }
    }

    /** Empties every store; ids handed out from now on start above the seed's (the allocator enforces it too). */
    private fun wipe() {
        listOf("room_membership", "chat_message", "chat_room", "chat_user").forEach { jdbc.execute("DELETE FROM $it") }
        jdbc.update("UPDATE id_block SET next_id = ? WHERE name = ?", properties.messages + 1L, MessageIdAllocator.NAME)
        mongo.getCollection(MessageDocument.COLLECTION).deleteMany(Document())
        sqlite.forEach { it.wipe() }
    }

    private fun seedRelational(data: SeedData) {
        jdbc.batchUpdate("INSERT INTO chat_user (id, name) VALUES (?, ?)", (1L..properties.users).map { arrayOf<Any>(it, "user-$it") })
        jdbc.batchUpdate(
            "INSERT INTO chat_room (id, name, type, capacity, member_count) VALUES (?, ?, ?, ?, ?)",
            data.rooms.map { arrayOf<Any>(it.id, it.name, it.type.name, it.capacity, data.members.getValue(it.id).size) },
        )
        val joinedAt = properties.from.toUtcDateTime()
        jdbc.batchUpdate(
            "INSERT INTO room_membership (room_id, user_id, joined_at) VALUES (?, ?, ?)",
            data.members.flatMap { (room, users) -> users.map { arrayOf<Any>(room, it, joinedAt) } },
        )
    }

    private fun insertMysql(messages: List<ChatMessage>) {
        messages.chunked(properties.batchSize).forEachIndexed { i, batch ->
            mysqlRows.insertAll(batch)
            progress("MySQL", (i + 1) * properties.batchSize)
        }
    }

    private fun updatePreviews(messages: List<ChatMessage>) {
        val latest = messages.groupBy { it.roomId }.mapValues { (_, list) -> list.maxWith(compareBy({ it.sentAt }, { it.id })) }
        jdbc.batchUpdate(
            "UPDATE chat_room SET last_message = ?, last_sent_at = ? WHERE id = ?",
            latest.values.map { arrayOf<Any>(it.content, it.sentAt.toUtcDateTime(), it.roomId) },
        )
    }

    private fun progress(store: String, done: Int) {
        val count = minOf(done, properties.messages)
        startup.report("$STEP $store", "$count / ${properties.messages} messages")
        if (count % PROGRESS_EVERY < properties.batchSize || count == properties.messages) {
            log.info("Seeding {}: {} / {} messages", store, count, properties.messages)
        }
    }

    private fun timed(store: String, block: () -> Unit) {
        log.info("Seeded {} messages into {} in {} ms", properties.messages, store, measureTimeMillis(block))
    }

    companion object {
        private val log = LoggerFactory.getLogger(DataSeeder::class.java)
        private const val PROGRESS_EVERY = 50_000
        private const val STEP = "seed"
    }
}
