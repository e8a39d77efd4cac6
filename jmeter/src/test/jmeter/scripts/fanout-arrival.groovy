// Who this arrival of a fan-out step is: the first `members` arrivals are the room's members (users 1..members, each
// subscribing), the rest its senders (users 1..members again, each a new client that sends one message). The step's
// state, made with its schedule (open-model-schedules.groovy), is this thread's for the rest of its life.
SampleResult.setIgnore()
def current = props.get('chatlab.current')
def state = current?.fanout
if (state == null) {
    vars.put('role', 'none')
    return
}
vars.putObject('fanout', state)
vars.put('path', current.path)
vars.put('shape', current.label)
def arrival = state.arrivals.getAndIncrement()
// With several engines (fanout-steps.groovy) this one's members are every count-th user from its index + 1.
int engines = (state.engines ?: 1) as int
int engine = (state.engine ?: 0) as int
def userId = (arrival % state.members) * engines + engine + 1
def jwt = props.get('chatlab.jwt') ?: evaluate(new File(vars.get('scripts'), 'jwt.groovy')).tap { props.put('chatlab.jwt', it) }
vars.put('token', jwt(vars.get('jwtSecret'), userId, null))
vars.put('roomId', String.valueOf(state.room))
// Members and senders take the step's deployment's instances round robin (instance-port.groovy chose by thread before).
vars.put('instancePort', state.ports[arrival % state.ports.size()] as String)
vars.put('subscriptionId', 'fanout-' + state.tag + '-' + arrival)
if (arrival < state.members) {
    vars.put('role', 'member')
    vars.put('member', String.valueOf(arrival))
    vars.putObject('received', [])
    vars.put('listening', 'true')
    // A member's reads wait for a frame until the step's lostAt, never less (fanout-delivery.groovy says why).
    vars.put('readTimeout', String.valueOf(Math.max(1L, (state.lostAt as long) - System.currentTimeMillis())))
} else {
    state.sending.incrementAndGet()
    vars.put('role', 'sender')
    vars.put('clientMessageId', 'fanout-' + state.tag + '-' + (arrival * engines + engine))
}
