// A sender's next message (fanout-arrival.groovy hands them over): it waits for one until the step's holdUntil, a
// quarter of fanoutLostAfter past its sending time (JMeter starts an arrival late when the cores are busy: 4-42 ms past
// it were seen, and such a message, with no one left to carry it, failed a step the server had held), then takes what
// is still waiting, and leaves when nothing is. A message sent late is no later a delivery: each is timed from its own
// SEND. Each message gets its id here: this engine's count of messages taken, × engines + engine. The longest a message
// waited for a free sender is the step's (the audit says it): a sender is busy only while JMeter writes its SEND, so a
// long wait is the instrument's, not the server's.
SampleResult.setIgnore()
def state = vars.getObject('fanout')
Long offeredAt = null
synchronized (state.outbox) {
    while (state.outbox.isEmpty()) {
        long left = (state.holdUntil as long) - System.currentTimeMillis()
        if (left <= 0) break
        state.outbox.wait(left)
    }
    offeredAt = state.outbox.poll()
    if (offeredAt == null) state.holding.decrementAndGet()
}
if (offeredAt == null) {
    vars.put('holding', 'false')
    vars.put('carrying', 'false')
    return
}
state.queued.accumulateAndGet(System.currentTimeMillis() - offeredAt) { a, b -> Math.max(a, b) }
int engines = (state.engines ?: 1) as int
int engine = (state.engine ?: 0) as int
vars.put('clientMessageId', 'fanout-' + state.tag + '-' + ((state.carried.getAndIncrement() as long) * engines + engine))
vars.put('carrying', 'true')
