// A read of the open-model shapes: 200, JSON, the asked store, a page of the room (page-checks.groovy); an offset page
// carries its total, a keyset page is older than its lastSentAt.
def checks = props.get('chatlab.pageChecks')
if (checks == null) { checks = evaluate(new File(vars.get('scripts'), 'page-checks.groovy')); props.put('chatlab.pageChecks', checks) }
def fail = { String why -> AssertionResult.setFailure(true); AssertionResult.setFailureMessage(why) }
def body = checks.answered(prev, fail)
if (body == null) return
def problem = checks.page(body.messages, vars.get('roomId') as long, vars.get('size') as int)
if (problem != null) { fail(problem); return }
if (body.store != vars.get('store')) { fail("served by store ${body.store}, asked ${vars.get('store')}"); return }
if (vars.get('mode') == 'offset') {
    if (!(body.totalElements instanceof Number)) fail('an offset page must carry totalElements')
} else {
    def bound = java.time.Instant.parse(vars.get('lastSentAt'))
    def newer = body.messages.find { !java.time.Instant.parse(it.sentAt).isBefore(bound) }
    if (newer != null) fail("message ${newer.id} (${newer.sentAt}) is not older than lastSentAt ${bound}")
}
