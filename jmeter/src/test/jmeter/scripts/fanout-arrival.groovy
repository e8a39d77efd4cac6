// Who this arrival of a fan-out step is: the first `senders` arrivals are the step's senders (users 1..senders, each a
// client that holds its connection and carries messages), the next `members` its members (users 1..members, each
// subscribing), the rest its messages: an arrival of the open model that hands its message to a sender and ends. The
// step's state, made with its schedule (open-model-schedules.groovy), is this thread's for the rest of its life. The
// arrival is no sample, unless a message comes too late to be sent.
def current = props.get('chatlab.current')
// The plan's "a member" and "a sender" controllers decide on these two, set below for the arrival's role.
vars.put('listens', 'false')
vars.put('carries', 'false')
def state = current?.fanout
if (state == null) {
    SampleResult.setIgnore()
    vars.put('role', 'none')
    return
}
vars.putObject('fanout', state)
vars.put('path', current.path)
vars.put('shape', current.label)
def arrival = state.arrivals.getAndIncrement()
int senders = state.senders as int
if (arrival >= senders + state.members) {
    // A message: the next free sender takes it (fanout-carry.groovy). One that comes after every sender has left (JMeter
    // started this arrival late) has no one to carry it: it fails here, and the audit counts what was offered but not carried.
    vars.put('role', 'message')
    boolean handed = false
    synchronized (state.outbox) {
        if (state.holding.get() > 0) {
            state.outbox.add(System.currentTimeMillis())
            state.offered.incrementAndGet()
            state.outbox.notify()
            handed = true
        }
    }
    if (handed) SampleResult.setIgnore()
    else {
        SampleResult.setSampleLabel('message [' + current.path + '] ' + current.label)
        SampleResult.setSuccessful(false)
        SampleResult.setResponseCode('java.net.SocketTimeoutException')
        SampleResult.setResponseMessage('a message arrived ' + (System.currentTimeMillis() - (state.sendEndsAt as long)) +
            ' ms after the step' + "'" + 's sending time, when its senders had left: JMeter started this arrival late')
    }
    return
}
SampleResult.setIgnore()
// With several engines (fanout-steps.groovy) this one's users are every count-th user from its index + 1.
int engines = (state.engines ?: 1) as int
int engine = (state.engine ?: 0) as int
def person = arrival < senders ? arrival : arrival - senders
def userId = (person % state.members) * engines + engine + 1
def jwt = props.get('chatlab.jwt') ?: evaluate(new File(vars.get('scripts'), 'jwt.groovy')).tap { props.put('chatlab.jwt', it) }
vars.put('token', jwt(vars.get('jwtSecret'), userId, null))
vars.put('roomId', String.valueOf(state.room))
// Senders, and members, take the step's deployment's instances round robin (instance-port.groovy chose by thread before).
vars.put('instancePort', state.ports[person % state.ports.size()] as String)
vars.put('subscriptionId', 'fanout-' + state.tag + '-' + arrival)
if (arrival >= senders) {
    vars.put('role', 'member')
    vars.put('listens', 'true')
    vars.put('member', String.valueOf(person))
    vars.putObject('received', [])
    vars.put('listening', 'true')
    // A member's reads wait for a frame until the step's lostAt, never less (fanout-delivery.groovy says why).
    vars.put('readTimeout', String.valueOf(Math.max(1L, (state.lostAt as long) - System.currentTimeMillis())))
} else {
    state.sending.incrementAndGet()
    state.holding.incrementAndGet()
    vars.put('role', 'sender')
    vars.put('carries', 'true')
    vars.put('holding', 'true')
    vars.putObject('written', [])
}
