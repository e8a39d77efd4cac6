def fail = { String why -> AssertionResult.setFailure(true); AssertionResult.setFailureMessage(why) }
if (prev.getResponseCode() != '200') { fail("reset answered ${prev.getResponseCode()}: ${prev.getResponseDataAsString().take(300)}"); return }
def audit = new groovy.json.JsonSlurper().parseText(prev.getResponseDataAsString())
if (audit.members != 0 || audit.seats != (vars.get('seats') as int)) fail("the room was not reset: ${audit}")
