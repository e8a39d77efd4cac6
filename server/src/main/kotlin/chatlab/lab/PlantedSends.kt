package chatlab.lab

import chatlab.message.SendHold
import org.springframework.stereotype.Component
import java.util.concurrent.TimeUnit

/**
 * The planted difference on the send path (`chatlab.lab.planted-slowdown`, off by default), as [PlantedSlowdown] is on
 * HTTP: a SEND whose frame carries [SendHold.HEADER] `true` is broadcast its share of its own storing time later, e.g.
 * 0.25 × the time its store took, on the thread that stored it. The plans mark one store's A/A twin, so a run with the
 * setting on shows whether the method tells a known difference apart. With the share at 0 the header means nothing.
 */
@Component
class PlantedSends(lab: LabProperties) : SendHold {
    private val share = lab.plantedSlowdown

    /** [work]'s result, [marked] `true` holding it back its share of the time [work] took. */
    override fun <T> hold(marked: String?, work: () -> T): T {
        if (share <= 0 || marked != "true") return work()
        val start = System.nanoTime()
        val result = work()
        TimeUnit.NANOSECONDS.sleep(((System.nanoTime() - start) * share).toLong())
        return result
    }
}
