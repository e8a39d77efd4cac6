// After a fan-out SEND: count it as sent (the audit expects it stored once and delivered to every member), unless it
// left before every member had subscribed, which fails the step: raise fanoutSettle.
def state = vars.getObject('fanout')
def unsubscribed = vars.get('unsubscribed') as long
if (unsubscribed > 0) {
    prev.setSuccessful(false)
    prev.setResponseMessage(unsubscribed + ' of ' + state.members + ' members had not subscribed when the SEND left (raise fanoutSettle)')
}
if (prev.isSuccessful()) state.sent.add(vars.get('clientMessageId'))
state.sending.decrementAndGet()
