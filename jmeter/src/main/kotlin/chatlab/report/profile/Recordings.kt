package chatlab.report.profile

import jdk.jfr.consumer.RecordedEvent
import jdk.jfr.consumer.RecordingFile
import java.nio.file.Files
import java.nio.file.Path
import java.util.Arrays
import kotlin.io.path.extension
import kotlin.io.path.name

/**
 * The execution samples of the JDK Flight Recorder files the server's JVMs wrote (`-Dprofile=` starts each with
 * `-XX:StartFlightRecording`, settings `profile`: a Java stack every 10 ms of every thread running Java code), sorted
 * into time [windows]: one [Tally] per window, over every recording in [folder]. A recording a JVM did not finish
 * (killed, not stopped) cannot be read; it is named in [unreadable] and left out.
 */
class Recordings(private val folder: Path) {
    /** The recordings that could not be read, with why. */
    val unreadable = mutableListOf<String>()

    /** Per window (epoch milliseconds, one after another, none overlapping), what its samples add up to. */
    fun tally(windows: List<LongRange>): List<Tally> {
        val tallies = windows.map { Tally() }
        val order = windows.indices.sortedBy { windows[it].first }
        val starts = order.map { windows[it].first }.toLongArray()
        for (file in files()) {
            try {
                RecordingFile(file).use { recording ->
                    while (recording.hasMoreEvents()) {
                        val event = recording.readEvent()
                        if (event.eventType.name != EXECUTION_SAMPLE) continue
                        val at = event.startTime.toEpochMilli()
                        val slot = Arrays.binarySearch(starts, at).let { if (it >= 0) it else -it - 2 } // the last window started by then
                        if (slot >= 0 && at in windows[order[slot]]) tallies[order[slot]].add(event)
                    }
                }
            } catch (e: Exception) {
                unreadable += "${file.name}: ${e.message ?: e.javaClass.simpleName}"
            }
        }
        return tallies
    }

    private fun files(): List<Path> = if (!Files.isDirectory(folder)) emptyList()
    else Files.list(folder).use { paths -> paths.filter { it.extension == "jfr" }.sorted().toList() }

    /**
     * What one window's samples say: per thread group; per leaf frame (its class's simple name and method); per chatlab
     * frame nearest the leaf (its name below `chatlab.`); per whole stack.
     */
    class Tally {
        var samples = 0
            private set
        val stages = HashMap<String, Int>()
        val leaves = HashMap<String, Int>()
        val ours = HashMap<String, Int>()
        /** Whole stacks, root first, `;`-separated: the collapsed form flame-graph tools read. */
        val stacks = HashMap<String, Int>()

        fun add(event: RecordedEvent) {
            val frames = event.stackTrace?.frames.orEmpty().map { "${it.method.type.name}.${it.method.name}" }
            val thread = event.getThread("sampledThread")?.javaName ?: "?"
            samples++
            stages.merge(stage(thread), 1, Int::plus)
            frames.firstOrNull()?.let { leaves.merge(it.substringAfterLast('.', "").let { m -> it.substringBeforeLast('.').substringAfterLast('.') + "." + m }, 1, Int::plus) }
            frames.firstOrNull { it.startsWith(OUR_PACKAGE) }?.let { ours.merge(it.removePrefix(OUR_PACKAGE), 1, Int::plus) }
            stacks.merge((listOf(stage(thread)) + frames.asReversed()).joinToString(";"), 1, Int::plus)
        }
    }

    companion object {
        const val EXECUTION_SAMPLE = "jdk.ExecutionSample"
        const val OUR_PACKAGE = "chatlab."

        /** A thread's pool, its numbers taken out: `clientOutboundChannel-3` and `-7` are one stage. */
        fun stage(thread: String): String = thread.replace(Regex("\\d+"), "N")
    }
}
