// After a fan-out SEND: the frame is written, not yet acknowledged (fanout-acknowledged.groovy); it fails the step if it
// left before every member had subscribed: raise fanoutSettle.
def state = vars.getObject('fanout')
def unsubscribed = vars.get('unsubscribed') as long
if (unsubscribed > 0) {
    prev.setSuccessful(false)
    prev.setResponseMessage(unsubscribed + ' of ' + state.members + ' members had not subscribed when the SEND left (raise fanoutSettle)')
}
vars.put('written', String.valueOf(prev.isSuccessful()))
