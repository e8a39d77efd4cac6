// 204: counted, and counted here too, in this engine's tally of the size (tally-from-zero.groovy), for the audit. A 503
// names why it was not (a pool wait, a lock timeout); a request JMeter gave up on (timeout, cut) may still be counted by
// the server later: it is sent, not acknowledged.
def fail = { String why -> AssertionResult.setFailure(true); AssertionResult.setFailureMessage(why) }
def code = prev.getResponseCode()
def tally = props.get('chatlab.tally')
tally.computeIfAbsent('sent', { new java.util.concurrent.atomic.AtomicLong() }).incrementAndGet()
if (code == '204') {
    tally.computeIfAbsent('acknowledged', { new java.util.concurrent.atomic.AtomicLong() }).incrementAndGet()
} else {
    def body = prev.getResponseDataAsString()
    fail("HTTP ${code}: " + (body.startsWith('{') ? new groovy.json.JsonSlurper().parseText(body).message : body.take(200)))
}
