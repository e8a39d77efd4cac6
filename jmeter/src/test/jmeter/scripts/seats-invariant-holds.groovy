// The invariant of the rush: members = min(seats, entrants), nobody twice, count = rows, the gate = the database.
def fail = { String why -> AssertionResult.setFailure(true); AssertionResult.setFailureMessage(why) }
if (prev.getResponseCode() != '200') { fail("audit answered ${prev.getResponseCode()}: ${prev.getResponseDataAsString().take(300)}"); return }
def audit = new groovy.json.JsonSlurper().parseText(prev.getResponseDataAsString())
if (!audit.held) fail("invariant broken: ${audit.problems.join('; ')}")
