// This thread's load user (1..loadUsers by thread number, a member of every open room) and its token, kept in the
// thread's variables `userId` and `token`: a closure of (vars, thread number) that answers the user's id, evaluated
// once per JMeter and kept as the property chatlab.loadUser.
def jwt = props.get('chatlab.jwt') ?: evaluate(new File(vars.get('scripts'), 'jwt.groovy')).tap { props.put('chatlab.jwt', it) }
return { threadVars, int threadNum ->
    def userId = (threadNum % (threadVars.get('loadUsers') as int)) + 1
    if (threadVars.get('token') == null) {
        threadVars.put('userId', String.valueOf(userId))
        threadVars.put('token', jwt(threadVars.get('jwtSecret'), userId, null))
    }
    userId
}
