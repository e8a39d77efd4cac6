// After a fan-out SEND: the frame is written, not yet acknowledged (fanout-acknowledged.groovy). It fails the step if it
// left while a member's subscription was still unconfirmed (no RECEIPT within openTimeout of its sender's taking it; a cold
// relay deployment that had not yet answered its members' CONNECTs did this in a warm-up): no answer in time, like a
// timeout, not a wrong one.
def state = vars.getObject('fanout')
def unsubscribed = vars.get('unsubscribed') as long
if (unsubscribed > 0) {
    prev.setSuccessful(false)
    prev.setResponseCode('java.net.SocketTimeoutException')
    prev.setResponseMessage(unsubscribed + ' of ' + state.members + ' members had no subscription confirmed when the SEND left: ' +
        'the server had not answered them within openTimeout of the message' + "'" + 's being taken')
}
// What the sender wrote, for its DISCONNECT's RECEIPT to acknowledge (fanout-acknowledged.groovy).
if (prev.isSuccessful()) vars.getObject('written').add(vars.get('clientMessageId'))
