// The sender's DISCONNECT: the server handles a session's frames in order, so its RECEIPT says every SEND before it was
// handled, which makes the messages it wrote acknowledged: the audit expects each stored once and delivered to every
// member. A sender that gave up before (a frame not in time) closed its connection, and the server may drop that
// session's unhandled SENDs: never acknowledged, so not expected (stored or not).
def state = vars.getObject('fanout')
if (prev.isSuccessful() && prev.getResponseDataAsString().startsWith('RECEIPT')) state.sent.addAll(vars.getObject('written'))
state.sending.decrementAndGet()
