// The WebSocket samplers report a read timeout as a generic I/O error; name it, so the report counts it with the
// other unanswered requests (an overloaded capacity step), not as a wrong answer. A connection that did not open ends
// this client's iteration: its CONNECT, SUBSCRIBE and DISCONNECT would only fail on an empty answer, as wrong answers.
if (!prev.isSuccessful() && prev.getResponseMessage()?.contains('timed out')) prev.setResponseCode('java.net.SocketTimeoutException')
if (!prev.isSuccessful() && prev.getSampleLabel().startsWith('ws open')) {
    ctx.setTestLogicalAction(org.apache.jmeter.threads.JMeterContext.TestLogicalAction.START_NEXT_ITERATION_OF_THREAD)
}
