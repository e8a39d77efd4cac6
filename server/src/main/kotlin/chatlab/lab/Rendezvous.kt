package chatlab.lab

import chatlab.system.error.BadRequestException
import chatlab.system.error.ConflictException
import chatlab.system.error.WaitedTooLongException
import org.springframework.stereotype.Component
import org.springframework.web.context.request.async.DeferredResult
import tools.jackson.databind.JsonNode
import java.time.Duration
import java.util.concurrent.atomic.AtomicInteger

/**
 * Where the JMeter engines that share a plan's load meet: at a key, the first `parties` arrivals form a meeting, each
 * handing in what it measured (a step's latency histogram, its counts) and each answered, once all have come, with
 * every party's contribution, so that every engine decides its next step on the same figures. A filled meeting is
 * over; the next arrival at its key opens the next one, so engines that call the same keys in the same order meet
 * step by step. A party waits without holding a request thread (a [DeferredResult]); one that waits longer than its
 * timeout is answered 408 and leaves the meeting, which stays open for the others.
 */
@Component
class Rendezvous {
    private class Open(val parties: Int) {
        val arrivals = mutableListOf<Pair<DeferredResult<Meeting>, JsonNode>>()
    }

    private val open = HashMap<String, Open>()
    private val waiting = AtomicInteger()

    /** Parties waiting right now: their requests are in flight, but they are no load (ServerActivity leaves them out). */
    fun waiting(): Int = waiting.get()

    fun join(key: String, parties: Int, contribution: JsonNode, timeout: Duration): DeferredResult<Meeting> {
        check(key, parties, contribution, timeout)
        val answer = DeferredResult<Meeting>(timeout.toMillis())
        val filled = synchronized(open) {
            val meeting = open.getOrPut(key) { Open(parties) }
            if (meeting.parties != parties) throw ConflictException(
                "meeting '$key' is open for ${meeting.parties} parties, this one came for $parties: every engine must be given the same engine count",
            )
            meeting.arrivals += answer to contribution
            if (meeting.arrivals.size < parties) null else meeting.also { open.remove(key) }
        }
        if (filled == null) {
            waiting.incrementAndGet()
            answer.onCompletion { waiting.decrementAndGet() }
            answer.onTimeout { leave(key, answer, parties, timeout) }
        } else {
            val contributions = filled.arrivals.map { it.second }
            filled.arrivals.forEachIndexed { party, (result, _) -> result.setResult(Meeting(key, party, contributions)) }
        }
        return answer
    }

    private fun leave(key: String, answer: DeferredResult<Meeting>, parties: Int, timeout: Duration) {
        val came = synchronized(open) {
            val meeting = open[key] ?: return
            if (!meeting.arrivals.removeIf { it.first === answer }) return
            if (meeting.arrivals.isEmpty()) open.remove(key)
            meeting.arrivals.size + 1
        }
        answer.setErrorResult(
            WaitedTooLongException(
                "$came of $parties parties came to meeting '$key' within ${timeout.toSeconds()} s: an engine stopped, " +
                    "was given another plan or engine count, or is far behind",
            ),
        )
    }

    private fun check(key: String, parties: Int, contribution: JsonNode, timeout: Duration) {
        if (key.isBlank() || key.length > MAX_KEY) throw BadRequestException("a meeting's key is 1 to $MAX_KEY characters, not ${key.length}")
        if (parties !in 1..MAX_PARTIES) throw BadRequestException("parties must be 1 to $MAX_PARTIES, not $parties")
        if (timeout.seconds !in 1..MAX_TIMEOUT_SECONDS) throw BadRequestException("timeoutSeconds must be 1 to $MAX_TIMEOUT_SECONDS, not ${timeout.seconds}")
        if (!contribution.isObject) throw BadRequestException("a contribution is a JSON object, not ${contribution.nodeType.name.lowercase()}")
    }

    companion object {
        const val MAX_KEY = 200
        const val MAX_PARTIES = 64
        const val MAX_TIMEOUT_SECONDS = 3600L
    }
}
