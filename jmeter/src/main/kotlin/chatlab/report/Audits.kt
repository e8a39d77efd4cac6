package chatlab.report

/** An experiment unit's invariant checks over the rounds (one audit sample per round): how many held and what broke. */
data class Audits(val held: Int, val total: Int, val problems: List<String>) {
    val broken: Boolean get() = total > 0 && held < total

    val invariant: String get() = when {
        total == 0 -> "not audited"
        held == total -> "held in $total/$total rounds"
        else -> "BROKEN in ${total - held}/$total rounds: ${problems.joinToString("; ")}"
    }

    companion object {
        fun of(checks: List<Sample>) = Audits(checks.count { it.success }, checks.size, checks.filterNot { it.success }.map { it.failureReason() }.distinct())

        /** The most frequent failure reasons of [failed] samples, with their counts. */
        fun causes(failed: List<Sample>, top: Int = 3): List<Pair<String, Int>> =
            failed.groupingBy { it.failureReason() }.eachCount().entries.sortedByDescending { it.value }.take(top).map { it.key to it.value }

        /** As a table cell: "3× HTTP 503: …; 1× …". */
        fun cell(causes: List<Pair<String, Int>>): String = causes.joinToString("; ") { "${it.second}× ${it.first}" }
    }
}
