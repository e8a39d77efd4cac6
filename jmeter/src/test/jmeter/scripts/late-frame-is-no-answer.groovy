// The WebSocket samplers report a read timeout as a generic I/O error; name it, so the report counts it with the
// other unanswered requests (an overloaded capacity step), not as a wrong answer. A connection that did not open, or a
// frame that did not come in time, ends this client: the late frame would arrive as the answer to the next
// command (a CONNECTED read as the SUBSCRIBE's RECEIPT, seen at 640 sends/s), and the commands after it would only fail
// on an answer that was not theirs, as wrong answers.
// In an Open Model Thread Group each thread is one arrival, one client: it ends there. JMeter 5.6 runs such a thread's
// whole iteration again on "start next iteration", so every client that timed out came back as a new arrival: in one
// fan-out warm-up on a cold server, 506 threads opened 15,292 WebSockets, up to 37 each, and the overload fed itself.
// A closed model's thread (the reference shape) goes on with its next loop.
// WebSocket samples only: a plan's own checks (the fan-out audit) name their failures themselves.
import org.apache.jmeter.threads.JMeterContext.TestLogicalAction
import org.apache.jmeter.threads.openmodel.OpenModelThreadGroup

if (!(prev.getSampleLabel() ==~ /^(ws|stomp) .*/)) return
def timedOut = !prev.isSuccessful() && prev.getResponseMessage()?.contains('timed out')
if (timedOut) prev.setResponseCode('java.net.SocketTimeoutException')
if (timedOut || (!prev.isSuccessful() && prev.getSampleLabel().startsWith('ws open'))) {
    if (ctx.getThreadGroup() instanceof OpenModelThreadGroup) prev.setStopThread(true)
    else ctx.setTestLogicalAction(TestLogicalAction.START_NEXT_ITERATION_OF_THREAD)
}
