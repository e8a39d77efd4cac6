// Each iteration of each thread is a new entrant: users 1..rushThreads x rushLoops, each exactly once. With several
// engines (engines.groovy) an engine's threads are every N-th of the rush's (engine i's thread t is the rush's i + N t),
// so the engines' entrants never meet.
def engine = props.get('chatlab.engine')
def thread = (engine?.index ?: 0) + (engine?.count ?: 1) * ctx.getThreadNum()
def user = 1 + thread + (vars.getIteration() - 1) * (vars.get('rushThreads') as int)
vars.put('userId', String.valueOf(user))
// Its own token.
def jwt = props.get('chatlab.jwt') ?: evaluate(new File(vars.get('scripts'), 'jwt.groovy')).tap { props.put('chatlab.jwt', it) }
vars.put('token', jwt(vars.get('jwtSecret'), user, null))
