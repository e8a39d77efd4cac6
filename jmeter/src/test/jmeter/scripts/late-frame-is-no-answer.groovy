// The WebSocket samplers report a read timeout as a generic I/O error; name it, so the report counts it with the
// other unanswered requests (an overloaded capacity step), not as a wrong answer. A connection that did not open, or a
// frame that did not come in time, ends this client's iteration: the late frame would arrive as the answer to the next
// command (a CONNECTED read as the SUBSCRIBE's RECEIPT, seen at 640 sends/s), and the commands after it would only fail
// on an answer that was not theirs, as wrong answers.
// WebSocket samples only: a plan's own checks (the fan-out audit) name their failures themselves.
if (!(prev.getSampleLabel() ==~ /^(ws|stomp) .*/)) return
def timedOut = !prev.isSuccessful() && prev.getResponseMessage()?.contains('timed out')
if (timedOut) prev.setResponseCode('java.net.SocketTimeoutException')
if (timedOut || (!prev.isSuccessful() && prev.getSampleLabel().startsWith('ws open'))) {
    ctx.setTestLogicalAction(org.apache.jmeter.threads.JMeterContext.TestLogicalAction.START_NEXT_ITERATION_OF_THREAD)
}
