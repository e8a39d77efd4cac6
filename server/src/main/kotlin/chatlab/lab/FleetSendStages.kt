package chatlab.lab

import chatlab.message.SendPathTimers
import chatlab.message.StageTotal
import chatlab.system.fleet.FleetCalls
import org.springframework.stereotype.Component
import tools.jackson.databind.ObjectMapper

/**
 * The send path's stage timers (`chatlab.send.stage`) of every instance, added up: a SEND is stored by the instance
 * that took it and delivered by the ones its members are connected to, so only the fleet's sum covers a room. A load
 * plan reads it before and after a window and divides the differences. As with [FleetActivity], only the first
 * instance has others to ask; its CPU reading covers them (they are its child processes) and the backends it started.
 */
@Component
class FleetSendStages(
    private val calls: FleetCalls,
    private val local: SendPathTimers,
    private val cpu: CpuMeter,
    private val json: ObjectMapper,
) {

    fun now(authorization: String?): SendStages {
        val others = calls.toOthers("GET", "/api/v1/lab/send-stages", authorization)
        val here = local.totals()
        return SendStages(sum(listOf(here) + others.await().map { json.readValue(it, SendStages::class.java).stages }), cpu.read())
    }

    private fun sum(all: List<Map<String, StageTotal>>): Map<String, StageTotal> =
        all.flatMap { it.entries }.groupingBy { it.key }.fold(StageTotal(0, 0.0)) { sum, entry -> sum + entry.value }
}
