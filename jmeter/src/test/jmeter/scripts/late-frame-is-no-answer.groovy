// The WebSocket samplers report a read timeout as a generic I/O error; name it, so the report counts it with the
// other unanswered requests (an overloaded capacity step), not as a wrong answer.
if (!prev.isSuccessful() && prev.getResponseMessage()?.contains('timed out')) prev.setResponseCode('java.net.SocketTimeoutException')
