// Per iteration: this thread's user (a seeded load user, member of every open room), its token, a unique clientMessageId.
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
