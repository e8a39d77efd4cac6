// A seat (200, this room, taken now or by this user before) or a clean refusal (409, full); anything else fails.
def fail = { String why -> AssertionResult.setFailure(true); AssertionResult.setFailureMessage(why) }
def code = prev.getResponseCode()
def body
try { body = new groovy.json.JsonSlurper().parseText(prev.getResponseDataAsString()) } catch (Exception e) { fail("HTTP ${code}, not JSON: ${prev.getResponseDataAsString().take(200)}"); return }
if (code == '200') {
    if ((body.room?.id as String) != vars.get('room')) fail("seated in room ${body.room?.id}, asked ${vars.get('room')}")
    else if (!(body.seated in ['now', 'before'])) fail("seated '${body.seated}'")
    else if (body.strategy != vars.get('strategy')) fail("strategy ${body.strategy}, asked ${vars.get('strategy')}")
} else if (code == '409') {
    // A clean refusal is a right answer: JMeter marked the 4xx failed, this assertion decides.
    if (!(body.message ?: '').contains('full')) fail("409 without 'full': ${body.message}")
    else prev.setSuccessful(true)
} else {
    fail("HTTP ${code}: ${body.message}")
}
