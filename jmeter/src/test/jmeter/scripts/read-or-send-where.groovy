// One arrival: a read on a random read path, or (probability warmUpSends) a send to a random store; this thread's
// load user (a member of every open room) and its token.
def random = java.util.concurrent.ThreadLocalRandom.current()
def list = { String name -> vars.get(name).split(',').collect { it.trim() }.findAll { it } }
def users = vars.get('loadUsers') as int
def userId = (ctx.getThreadNum() % users) + 1
if (vars.get('token') == null) {
    def jwt = props.get('chatlab.jwt') ?: evaluate(new File(vars.get('scripts'), 'jwt.groovy')).tap { props.put('chatlab.jwt', it) }
    vars.put('userId', String.valueOf(userId))
    vars.put('token', jwt(vars.get('jwtSecret'), userId, null))
}
def sends = list('sendStores')
if (!sends.isEmpty() && random.nextDouble() < (vars.get('warmUpSends') as double)) {
    vars.put('kind', 'send')
    vars.put('store', sends[random.nextInt(sends.size())])
} else {
    def path = list('readPaths')
    path = path[random.nextInt(path.size())]
    vars.put('kind', 'read')
    vars.put('path', path)
    vars.put('store', path.substring(0, path.lastIndexOf('-')))
    vars.put('mode', path.substring(path.lastIndexOf('-') + 1))
}
SampleResult.setIgnore()
