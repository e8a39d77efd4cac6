// Each iteration of each thread is a new entrant: users 1..rushThreads x rushLoops, each exactly once.
def user = 1 + ctx.getThreadNum() + (vars.getIteration() - 1) * (vars.get('rushThreads') as int)
vars.put('userId', String.valueOf(user))
// Its own token.
def jwt = props.get('chatlab.jwt') ?: evaluate(new File(vars.get('scripts'), 'jwt.groovy')).tap { props.put('chatlab.jwt', it) }
vars.put('token', jwt(vars.get('jwtSecret'), user, null))
