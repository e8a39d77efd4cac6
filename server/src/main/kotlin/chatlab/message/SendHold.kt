package chatlab.message

/**
 * What may hold a stored SEND back before its broadcast, on the thread that stored it: the lab's planted difference
 * (`chatlab.lab.PlantedSends`), which holds only frames marked with [HEADER] and only when the lab plants one.
 */
interface SendHold {
    /** [work]'s result, held back when [marked] (the frame's [HEADER]) asks for it and the lab plants a difference. */
    fun <T> hold(marked: String?, work: () -> T): T

    companion object {
        const val HEADER = "planted"
    }
}
