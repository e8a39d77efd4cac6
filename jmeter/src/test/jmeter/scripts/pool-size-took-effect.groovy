def fail = { String why -> AssertionResult.setFailure(true); AssertionResult.setFailureMessage(why) }
if (prev.getResponseCode() != '200') { fail("resize answered ${prev.getResponseCode()}: ${prev.getResponseDataAsString().take(300)}"); return }
def answer = new groovy.json.JsonSlurper().parseText(prev.getResponseDataAsString())
if (answer.maximumPoolSize != (vars.get('size') as int)) fail("asked for ${vars.get('size')} connections, the pool says ${answer.maximumPoolSize}")
