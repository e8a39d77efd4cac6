package chatlab.message.redis

/** How the cached path answered one read: wholly from Redis, partly, from MongoDB only, or with Redis bypassed. */
enum class CacheOutcome(val key: String) {
    HIT("hit"),
    PARTIAL("partial"),
    MISS("miss"),
    BYPASS("bypass"),
}
