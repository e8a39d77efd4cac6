// Per iteration: this thread's user (a seeded load user, member of every open room), its token, a unique clientMessageId.
// An open-model step's store and label are those its thread group's schedule named (warm-up, capacity@<rate>).
if (vars.get('shape') == null) {
    def current = props.get('chatlab.current')
    vars.put('store', current.path)
    vars.put('shape', current.label)
}
def users = vars.get('loadUsers') as int
def userId = (ctx.getThreadNum() % users) + 1
if (vars.get('token') == null) {
    def jwt = props.get('chatlab.jwt') ?: evaluate(new File(vars.get('scripts'), 'jwt.groovy')).tap { props.put('chatlab.jwt', it) }
    vars.put('userId', String.valueOf(userId))
    vars.put('token', jwt(vars.get('jwtSecret'), userId, null))
}
vars.put('clientMessageId', 'jm-' + vars.get('store') + '-' + userId + '-' + UUID.randomUUID().toString())
vars.put('subscriptionId', 'sub-' + UUID.randomUUID().toString())
vars.put('delivered', 'false')
vars.put('reads', '0')
// How long each frame may take: `wsTimeout` in the reference shape; `openTimeout` in the open-model groups (shape
// `capacity@<rate>` or `warm-up`), where a later answer is a miss anyway and a longer wait only holds the thread past
// its step (a WebSocket read does not stop when JMeter ends the step).
vars.put('wait', vars.get('shape') == 'reference' ? vars.get('wsTimeout') : vars.get('openTimeout'))
