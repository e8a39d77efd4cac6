package chatlab.message.redis

import chatlab.message.ChatMessage
import chatlab.message.Position
import org.springframework.core.io.ClassPathResource
import org.springframework.data.redis.core.ScanOptions
import org.springframework.data.redis.core.StringRedisTemplate
import org.springframework.data.redis.core.script.RedisScript
import org.springframework.stereotype.Component
import tools.jackson.databind.ObjectMapper
import tools.jackson.module.kotlin.readValue

/** What the cache holds below a bound: [messages], whether that is all there is, and where the store must go on. */
data class CacheRead(val version: String, val messages: List<ChatMessage>, val resume: Position, val complete: Boolean)

/** The per-room sorted set and its coverage, driven through one atomic script (`redis/room-cache.lua`). */
@Component
class RoomCache(
    private val redis: StringRedisTemplate,
    private val json: ObjectMapper,
    private val properties: CacheProperties,
) {
    // The script's text, read once: a script built on the classpath resource itself would check the resource's
    // modification time (a jar lookup and a file stat) before every call.
    private val source = ClassPathResource("redis/room-cache.lua").getContentAsString(Charsets.UTF_8)
    private val readScript = RedisScript.of(source, List::class.java)
    private val updateScript = RedisScript.of(source, Long::class.java)

    fun read(roomId: Long, before: Position, size: Int): CacheRead {
        val keys = keys(roomId)
        val reply = redis.execute(readScript, keys, "read", CacheKeys.encode(before), size.toString(), CacheKeys.maxScore(before))
            ?: error("no reply from the cache script")
        return CacheRead(
            version = reply[0].toString(),
            messages = reply.drop(3).map { decodeMember(it.toString()) },
            resume = CacheKeys.decode(reply[1].toString()),
            complete = reply[2] == "1",
        )
    }

    /** Records that [messages] are ALL the room's messages in [lo, hi); false (discarded) if a write came since [version]. */
    fun fill(roomId: Long, version: String, lo: String, hi: Position, messages: List<ChatMessage>): Boolean {
        val pairs = messages.flatMap { listOf(it.sentAt.toEpochMilli().toString(), member(it)) }
        return redis.execute(updateScript, keys(roomId), "fill", version, lo, CacheKeys.encode(hi), max(), ttl(), *pairs.toTypedArray()) == 1L
    }

    /** Whether the cache holds the room's whole history: one interval from the oldest to the newest, its size as recorded. */
    fun holdsAll(roomId: Long): Boolean {
        val meta = redis.opsForHash<String, String>().entries(CacheKeys.meta(roomId))
        return meta["iv"] == CacheKeys.OLDEST + "," + CacheKeys.NEWEST &&
            meta["count"]?.toLongOrNull() == redis.opsForZSet().zCard(CacheKeys.messages(roomId))
    }

    fun write(message: ChatMessage) {
        val score = message.sentAt.toEpochMilli().toString()
        redis.execute(updateScript, keys(message.roomId), "write", CacheKeys.encode(message.position), score, member(message), max(), ttl())
    }

    fun evict(roomId: Long) {
        redis.delete(keys(roomId))
    }

    /** Forgets every room; returns how many keys went. */
    fun evictAll(): Long {
        val keys = redis.scan(ScanOptions.scanOptions().match(CacheKeys.ALL_ROOMS).count(1_000).build()).use { it.asSequence().toList() }
        return if (keys.isEmpty()) 0 else redis.delete(keys)
    }

    private fun member(message: ChatMessage) = CacheKeys.encode(message.position) + "|" + json.writeValueAsString(message.toCached())

    private fun decodeMember(member: String): ChatMessage =
        json.readValue<CachedMessage>(member.substring(CacheKeys.POSITION_LENGTH + 1)).toMessage()

    private fun max() = properties.maxPerRoom.toString()

    private fun ttl() = properties.ttl.seconds.coerceAtLeast(1).toString()

    private fun keys(roomId: Long) = listOf(CacheKeys.messages(roomId), CacheKeys.meta(roomId))
}
