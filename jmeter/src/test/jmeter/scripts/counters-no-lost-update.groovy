// The invariant: the count the server reports is the number of views it acknowledged with a 204, no more, no fewer.
def fail = { String why -> AssertionResult.setFailure(true); AssertionResult.setFailureMessage(why) }
if (prev.getResponseCode() != '200') { fail("count answered ${prev.getResponseCode()}: ${prev.getResponseDataAsString().take(300)}"); return }
def views = new groovy.json.JsonSlurper().parseText(prev.getResponseDataAsString()).views as long
// The 204s every engine's load received (engines-meet.groovy summed the engines' tallies just before).
def acknowledged = (vars.get('tally.acknowledged ' + vars.get('contender')) ?: '0') as long
prev.setResponseMessage("views ${views}, acknowledged ${acknowledged}")
if (views != acknowledged) fail("lost or extra updates: the server counts ${views} views, it acknowledged ${acknowledged}")
