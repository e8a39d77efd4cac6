def fail = { String why -> AssertionResult.setFailure(true); AssertionResult.setFailureMessage(why) }
if (prev.getResponseCode() != '200') { fail("reset answered ${prev.getResponseCode()}: ${prev.getResponseDataAsString().take(300)}"); return }
def counts = new groovy.json.JsonSlurper().parseText(prev.getResponseDataAsString())
if (counts.size() != 6 || counts.any { it.views != 0 }) fail("the room's views were not reset: ${counts}")
