// Every page: 200, JSON, the asked store, a page of the right room (page-checks.groovy: at most `size`, newest first by
// (sentAt, id)); a keyset page is older than its lastSentAt, a cursor page older than the page before it; an offset
// page carries its total. A failed page ends the reader's action.
def checks = props.get('chatlab.pageChecks')
if (checks == null) { checks = evaluate(new File(vars.get('scripts'), 'page-checks.groovy')); props.put('chatlab.pageChecks', checks) }
def fail = { String why -> AssertionResult.setFailure(true); AssertionResult.setFailureMessage(why); vars.put('more', 'false') }
def body = checks.answered(prev, fail)
if (body == null) return
if (vars.get('path') == 'instrument') {
    if ((body.userId as String) != vars.get('userId')) fail("who am i answered user ${body.userId}, the token is user ${vars.get('userId')}")
    return
}
def messages = body.messages
def problem = checks.page(messages, vars.get('roomId') as long, vars.get('size') as int)
if (problem != null) { fail(problem); return }
if (body.store != vars.get('store')) { fail("served by store ${body.store}, asked ${vars.get('store')}"); return }
def keys = messages.collect { [java.time.Instant.parse(it.sentAt).toEpochMilli(), it.id as long] }
def older = { a, b -> a[0] < b[0] || (a[0] == b[0] && a[1] < b[1]) }
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
