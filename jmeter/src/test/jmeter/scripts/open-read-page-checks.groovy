// Shared checks of a page of messages: right room, at most `size`, newest first by (sentAt, id).
def checkPage = { List messages, long room, int size ->
    if (messages == null) return 'no messages array'
    if (messages.size() > size) return "page holds ${messages.size()} messages, more than ${size}"
    def last = null
    for (m in messages) {
        if ((m.roomId as long) != room) return "message ${m.id} belongs to room ${m.roomId}, not ${room}"
        def key = [java.time.Instant.parse(m.sentAt).toEpochMilli(), m.id as long]
        if (last != null && (key[0] > last[0] || (key[0] == last[0] && key[1] >= last[1]))) return "not newest first at message ${m.id}"
        last = key
    }
    return null
}
def fail = { String why -> AssertionResult.setFailure(true); AssertionResult.setFailureMessage(why) }
if (prev.getResponseCode() != '200') {
    fail("HTTP ${prev.getResponseCode()}: ${prev.getResponseDataAsString().take(300)}")
    return
}
def body
try {
    body = new groovy.json.JsonSlurper().parseText(prev.getResponseDataAsString())
} catch (Exception e) {
    fail("not JSON: ${prev.getResponseDataAsString().take(300)}")
    return
}
def room = vars.get('roomId') as long
def problem = checkPage(body.messages, room, vars.get('size') as int)
if (problem != null) { fail(problem); return }
if (body.store != vars.get('store')) { fail("served by store ${body.store}, asked ${vars.get('store')}"); return }
if (vars.get('mode') == 'offset') {
    if (!(body.totalElements instanceof Number)) fail('an offset page must carry totalElements')
} else {
    def bound = java.time.Instant.parse(vars.get('lastSentAt'))
    def newer = body.messages.find { !java.time.Instant.parse(it.sentAt).isBefore(bound) }
    if (newer != null) fail("message ${newer.id} (${newer.sentAt}) is not older than lastSentAt ${bound}")
}
