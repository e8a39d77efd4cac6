package chatlab.report

/**
 * The build's verdict, exact rather than rounded. Wrong answers (failed assertions, 4xx/500) may not pass
 * [wrongPct]; unanswered samples (timeouts, 503) may not pass [unansweredPct], which allows an overloaded
 * backend to be slow without failing the run. A run without samples fails.
 */
class Gate(private val wrongPct: Double, private val unansweredPct: Double = wrongPct) {
    fun passed(c: Comparison): Boolean =
        c.totalSamples > 0 && c.wrongSamples * 100.0 <= wrongPct * c.totalSamples && c.unansweredSamples * 100.0 <= unansweredPct * c.totalSamples

    fun verdict(c: Comparison): String = when {
        c.totalSamples == 0L -> "FAILED: the run produced no samples"
        else -> (if (passed(c)) "PASSED: " else "FAILED: ") + describe(c) +
            " (allowed: wrong answers ${Format.pct(wrongPct)}, timeouts and 503s ${Format.pct(unansweredPct)})"
    }

    companion object {
        fun describe(c: Comparison): String {
            val overload = if (c.overloadSamples > 0) "; ${Format.count(c.overloadSamples)} more unanswered in capacity steps beyond capacity (not counted)" else ""
            val warmUp = if (c.warmUpLosses > 0) "; ${Format.count(c.warmUpLosses)} unanswered in the unmeasured warm-up (not counted)" else ""
            return "${Format.count(c.totalSamples)} samples, ${Format.count(c.failedSamples)} failed (${Format.pct(c.errorPct)}): " +
                "${Format.count(c.wrongSamples)} wrong answers, ${Format.count(c.unansweredSamples)} timeouts or 503s" + overload + warmUp
        }
    }
}
