// 204: the server counted this view; the plan counts it too, in this engine's tally of the unit (tally-from-zero.groovy),
// for the audit. A 503 names why it was not counted (SQLITE_BUSY, a lock or pool timeout): a failure, listed by cause.
// Anything else is a wrong answer.
def fail = { String why -> AssertionResult.setFailure(true); AssertionResult.setFailureMessage(why) }
def code = prev.getResponseCode()
if (code == '204') {
    props.get('chatlab.tally').computeIfAbsent('acknowledged ' + vars.get('contender'), { new java.util.concurrent.atomic.AtomicLong() }).incrementAndGet()
} else if (code == '503') {
    def body = prev.getResponseDataAsString()
    def message = body.startsWith('{') ? new groovy.json.JsonSlurper().parseText(body).message : body.take(200)
    fail("HTTP 503: ${message}")
} else {
    fail("HTTP ${code}: ${prev.getResponseDataAsString().take(200)}")
}
