package chatlab.message

/** One send-path stage's timer so far: how many times it ran and their total in milliseconds (the difference of two is a window's). */
data class StageTotal(val count: Long, val totalMs: Double) {
    operator fun plus(other: StageTotal) = StageTotal(count + other.count, totalMs + other.totalMs)
}
