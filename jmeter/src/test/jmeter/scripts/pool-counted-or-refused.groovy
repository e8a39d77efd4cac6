// 204: counted, and counted here too for the audit. A 503 names why it was not (a pool wait, a lock timeout); a
// request JMeter gave up on (timeout, cut) may still be counted by the server later: it is sent, not acknowledged.
def fail = { String why -> AssertionResult.setFailure(true); AssertionResult.setFailureMessage(why) }
def code = prev.getResponseCode()
props.get('pool.sent')?.incrementAndGet()
if (code == '204') {
    props.get('pool.acknowledged')?.incrementAndGet()
} else {
    def body = prev.getResponseDataAsString()
    fail("HTTP ${code}: " + (body.startsWith('{') ? new groovy.json.JsonSlurper().parseText(body).message : body.take(200)))
}
