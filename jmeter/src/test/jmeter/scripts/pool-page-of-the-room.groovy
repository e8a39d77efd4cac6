// 200 with a page of the room's messages, newest first; a 503 names why (a pool wait, a deadline): a failure, by cause.
def fail = { String why -> AssertionResult.setFailure(true); AssertionResult.setFailureMessage(why) }
def code = prev.getResponseCode()
if (code != '200') {
    def body = prev.getResponseDataAsString()
    fail("HTTP ${code}: " + (body.startsWith('{') ? new groovy.json.JsonSlurper().parseText(body).message : body.take(200)))
    return
}
def page = new groovy.json.JsonSlurper().parseText(prev.getResponseDataAsString())
def room = vars.get('roomId') as long
if (page.messages == null || page.messages.size() > 20) { fail("not a page of at most 20 messages: ${prev.getResponseDataAsString().take(200)}"); return }
if (page.messages.any { (it.roomId as long) != room }) fail("a message of another room than ${room}")
def keys = page.messages.collect { [java.time.Instant.parse(it.sentAt).toEpochMilli(), it.id as long] }
if (keys != keys.sort(false) { a, b -> b[0] <=> a[0] ?: b[1] <=> a[1] }) fail('page not newest first')
