package chatlab.message

/** How a cache in front of a store answered one read: wholly from Redis, partly, from the store only, or bypassed. */
enum class CacheOutcome(val key: String) {
    HIT("hit"),
    PARTIAL("partial"),
    MISS("miss"),
    BYPASS("bypass"),
    ;

    companion object {
        /** The response header that carries the outcome, so a load test can split latency by it. */
        const val HEADER = "X-Chatlab-Cache"
    }
}
