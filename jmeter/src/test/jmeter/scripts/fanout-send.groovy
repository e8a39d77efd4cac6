// Before a fan-out SEND: a message taken before every member's subscription was confirmed (its RECEIPT) waits for
// them, at most openTimeout ms, so no message goes to a room still filling (the step records the longest wait); then the
// message carries its send time (epoch ms), so each member's delivery sample runs from the SEND to its own receipt.
def state = vars.getObject('fanout')
if (state.subscribed.getCount() > 0) {
    def arrived = System.currentTimeMillis()
    state.subscribed.await((vars.get('openTimeout') ?: '1000') as long, java.util.concurrent.TimeUnit.MILLISECONDS)
    def waited = System.currentTimeMillis() - arrived
    state.waited.accumulateAndGet(waited) { a, b -> Math.max(a, b) }
}
vars.put('sentAt', String.valueOf(System.currentTimeMillis()))
vars.put('unsubscribed', String.valueOf(state.subscribed.getCount()))
