package chatlab.report.method

/**
 * A run with a planted difference (`-Dchatlab.planted=<share>`) proves the method: every A/A control whose twin can
 * carry it ([Control.plantable]) must tell its slowed twin apart, on the twin's worse side. Anything else fails the run.
 */
object Planted {
    /** Why the run fails, or null when nothing was planted or every control found it. */
    fun check(share: Double, controls: List<Control>): String? {
        if (share <= 0) return null
        val percent = Math.round(share * 100)
        val planted = controls.filter { it.plantable }
        if (planted.isEmpty()) return "FAILED: a difference of $percent % was planted, but no experiment that ran has an A/A control to find it."
        val missed = planted.filterNot { it.plantedFound }
        if (missed.isEmpty()) return null
        return "FAILED: the planted difference of $percent % was not found by ${missed.size} of ${planted.size} A/A controls (" +
            missed.joinToString("; ") { "${it.experiment} ${it.figure}: ${Ranking.text(it.ratio)}" } + ")."
    }
}
