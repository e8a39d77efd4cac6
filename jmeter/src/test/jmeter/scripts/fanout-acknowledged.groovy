// The sender's DISCONNECT: the server handles a session's frames in order, so its RECEIPT says the SEND before it was
// handled, which makes that message acknowledged: the audit expects every acknowledged message stored once and delivered
// to every member. A sender that gave up before (a frame not in time) closed its connection, and the server may drop
// that session's unhandled SEND: never acknowledged, so not expected (stored or not).
def state = vars.getObject('fanout')
if (vars.get('written') == 'true' && prev.isSuccessful() && prev.getResponseDataAsString().startsWith('RECEIPT')) state.sent.add(vars.get('clientMessageId'))
state.sending.decrementAndGet()
