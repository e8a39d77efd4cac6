// Every page: 200, JSON, the asked store, right room, at most `size`, newest first by (sentAt, id); a keyset page is
// older than its lastSentAt, a cursor page older than the page before it; an offset page carries its total. A failed
// page ends the reader's action.
def fail = { String why -> AssertionResult.setFailure(true); AssertionResult.setFailureMessage(why); vars.put('more', 'false') }
if (prev.getResponseCode() != '200') { fail("HTTP ${prev.getResponseCode()}: ${prev.getResponseDataAsString().take(300)}"); return }
def body
try {
    body = new groovy.json.JsonSlurper().parseText(prev.getResponseDataAsString())
} catch (Exception e) {
    fail("not JSON: ${prev.getResponseDataAsString().take(300)}")
    return
}
if (vars.get('path') == 'instrument') {
    if ((body.userId as String) != vars.get('userId')) fail("who am i answered user ${body.userId}, the token is user ${vars.get('userId')}")
    return
}
def room = vars.get('roomId') as long
def size = vars.get('size') as int
def messages = body.messages
if (messages == null) { fail('no messages array'); return }
if (messages.size() > size) { fail("page holds ${messages.size()} messages, more than ${size}"); return }
if (body.store != vars.get('store')) { fail("served by store ${body.store}, asked ${vars.get('store')}"); return }
def keys = messages.collect { [java.time.Instant.parse(it.sentAt).toEpochMilli(), it.id as long] }
def older = { a, b -> a[0] < b[0] || (a[0] == b[0] && a[1] < b[1]) }
for (int i = 0; i < messages.size(); i++) {
    if ((messages[i].roomId as long) != room) { fail("message ${messages[i].id} belongs to room ${messages[i].roomId}, not ${room}"); return }
    if (i > 0 && !older(keys[i], keys[i - 1])) { fail("not newest first at message ${messages[i].id}"); return }
}
def n = vars.get('n') as int
if (vars.get('lastSentAt')) {
    def bound = java.time.Instant.parse(vars.get('lastSentAt')).toEpochMilli()
    def newer = messages.find { java.time.Instant.parse(it.sentAt).toEpochMilli() >= bound }
    if (newer != null) { fail("message ${newer.id} (${newer.sentAt}) is not older than lastSentAt ${vars.get('lastSentAt')}"); return }
} else if (n > 1 && !keys.isEmpty()) {
    def last = [vars.get('lastMs') as long, vars.get('lastId') as long]
    if (!older(keys[0], last)) { fail("page ${n} starts at message ${messages[0].id}, not older than the page before"); return }
}
if (vars.get('mode') == 'offset') {
    if (!(body.totalElements instanceof Number)) { fail('an offset page must carry totalElements'); return }
    if ((body.page as int) + 1 >= (body.totalPages as long)) vars.put('more', 'false')
} else {
    vars.put('cursor', body.nextCursor ?: '')
    if (!body.nextCursor) vars.put('more', 'false')
}
if (!keys.isEmpty()) {
    vars.put('lastMs', String.valueOf(keys[-1][0]))
    vars.put('lastId', String.valueOf(keys[-1][1]))
}
