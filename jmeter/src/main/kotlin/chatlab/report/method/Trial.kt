package chatlab.report.method

/**
 * One trial of a contender in a block, as a sample label's shape names it: `<contender> block <n>` (the plans'
 * scripts/trials.groovy numbers blocks through the run). A contender named `<name> again` is `<name>`'s A/A twin.
 */
data class Trial(val contender: String, val block: Int) {
    val twin: Boolean get() = contender.endsWith(TWIN)

    companion object {
        const val TWIN = " again"
        private val SHAPE = Regex("""^(.+) block ([0-9]{1,6})$""")

        /** The trial a shape names; null for a shape without a block (a run from before blocks, or a unit outside them). */
        fun parse(shape: String): Trial? = SHAPE.matchEntire(shape)?.let { Trial(it.groupValues[1], it.groupValues[2].toInt()) }

        /** The twin's name for [contender]. */
        fun twinOf(contender: String): String = contender + TWIN
    }
}
