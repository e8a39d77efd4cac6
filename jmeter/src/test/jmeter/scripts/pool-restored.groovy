// The pool plan's last request, DELETE /api/v1/lab/pools/…: answered 200 with the size the pool is back at (the server's
// configured one; PoolIT proves that the restore restores it).
def fail = { String why -> AssertionResult.setFailure(true); AssertionResult.setFailureMessage(why) }
if (prev.getResponseCode() != '200') { fail("restore answered ${prev.getResponseCode()}: ${prev.getResponseDataAsString().take(300)}"); return }
def answer = new groovy.json.JsonSlurper().parseText(prev.getResponseDataAsString())
if (!(answer.maximumPoolSize instanceof Number) || answer.maximumPoolSize < 1) fail("the restored pool names no size: ${prev.getResponseDataAsString().take(300)}")
