// After a fan-out SEND: the frame is written, not yet acknowledged (fanout-acknowledged.groovy). It fails the step if it
// left before every member's subscription was confirmed (its RECEIPT): no answer in time, like a timeout, not a wrong
// one (a cold relay deployment that had not yet answered its members' CONNECTs did this in a warm-up); raise
// fanoutSettle when the server is not overloaded.
def state = vars.getObject('fanout')
def unsubscribed = vars.get('unsubscribed') as long
if (unsubscribed > 0) {
    prev.setSuccessful(false)
    prev.setResponseCode('java.net.SocketTimeoutException')
    prev.setResponseMessage(unsubscribed + ' of ' + state.members + ' members had no subscription confirmed when the SEND left: ' +
        'the server had not answered them yet (raise fanoutSettle if it was not overloaded)')
}
vars.put('written', String.valueOf(prev.isSuccessful()))
