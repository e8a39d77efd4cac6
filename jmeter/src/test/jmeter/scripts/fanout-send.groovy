// Before a fan-out SEND: the message carries its send time (epoch ms), so each member's delivery sample can run from
// the SEND to its own receipt; and whether every member had subscribed by then (else the step measured an empty room).
def state = vars.getObject('fanout')
def now = System.currentTimeMillis()
vars.put('sentAt', String.valueOf(now))
vars.put('unsubscribed', String.valueOf(state.subscribed.getCount()))
