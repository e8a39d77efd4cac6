// No lost update: every view the server acknowledged is counted; and nothing is counted that was never sent. Between the
// two lie requests JMeter gave up on (timeout, cut) that the server finished anyway: counted, never acknowledged.
def fail = { String why -> AssertionResult.setFailure(true); AssertionResult.setFailureMessage(why) }
if (prev.getResponseCode() != '200') { fail("count answered ${prev.getResponseCode()}"); return }
def views = new groovy.json.JsonSlurper().parseText(prev.getResponseDataAsString()).views as long
// Every engine's tally of the size, summed by engines-meet.groovy just before.
def acknowledged = (vars.get('tally.acknowledged') ?: '0') as long
def sent = (vars.get('tally.sent') ?: '0') as long
if (views < acknowledged) fail("lost updates: the server counts ${views}, it acknowledged ${acknowledged}")
else if (views > sent) fail("extra updates: the server counts ${views}, only ${sent} were sent")
else prev.setResponseMessage("counted ${views}: ${acknowledged} acknowledged, ${sent - acknowledged} given up on by the client of which ${views - acknowledged} counted")
