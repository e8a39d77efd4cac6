// A member whose SUBSCRIBE got its RECEIPT counts itself in: the senders send only once every member has. The last one
// in first reads the server's CPU so far (lab-send-stages.groovy): the audit divides what the server and its backends
// used from here on by the step's deliveries (fanout-leave.groovy).
if (prev.isSuccessful() && prev.getResponseDataAsString().startsWith('RECEIPT')) {
    def state = vars.getObject('fanout')
    if (state.subscribing.decrementAndGet() == 0) {
        def read = props.get('chatlab.labSendStages') ?: evaluate(new File(vars.get('scripts'), 'lab-send-stages.groovy')).tap { props.put('chatlab.labSendStages', it) }
        try { state.cpuAtStart.set(read(vars).cpuSeconds) } catch (Exception e) { state.cpuAtStart.set([failed: e.message ?: e.toString()]) }
    }
    state.subscribed.countDown()
}
