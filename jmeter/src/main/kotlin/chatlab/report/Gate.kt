package chatlab.report

/** The build's verdict: no samples, or more failed samples than the threshold allows, fails it. Exact, not rounded. */
class Gate(private val thresholdPct: Double) {
    fun passed(comparison: Comparison): Boolean =
        comparison.totalSamples > 0 && comparison.failedSamples * 100.0 <= thresholdPct * comparison.totalSamples

    fun verdict(comparison: Comparison): String = when {
        comparison.totalSamples == 0L -> "FAILED: the run produced no samples"
        passed(comparison) -> "PASSED: ${describe(comparison)}, within the ${Format.pct(thresholdPct)} error threshold"
        else -> "FAILED: ${describe(comparison)}, above the ${Format.pct(thresholdPct)} error threshold"
    }

    companion object {
        fun describe(comparison: Comparison): String =
            "${Format.count(comparison.totalSamples)} samples, ${Format.count(comparison.failedSamples)} failed (${Format.pct(comparison.errorPct)})"
    }
}
