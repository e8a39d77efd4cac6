// One arrival: a read on a random read path, or (probability warmUpSends) a send to a random store; this thread's
// load user (a member of every open room) and its token.
def random = java.util.concurrent.ThreadLocalRandom.current()
def list = { String name -> vars.get(name).split(',').collect { it.trim() }.findAll { it } }
def loadUser = props.get('chatlab.loadUser')
if (loadUser == null) { loadUser = evaluate(new File(vars.get('scripts'), 'load-user.groovy')); props.put('chatlab.loadUser', loadUser) }
def userId = loadUser(vars, ctx.getThreadNum())
def sends = list('sendStores')
if (!sends.isEmpty() && random.nextDouble() < (vars.get('warmUpSends') as double)) {
    vars.put('sending', 'true')
    vars.put('reading', 'false')
    vars.put('store', sends[random.nextInt(sends.size())])
} else {
    def path = list('readPaths')
    path = path[random.nextInt(path.size())]
    vars.put('reading', 'true')
    vars.put('sending', 'false')
    vars.put('path', path)
    vars.put('store', path.substring(0, path.lastIndexOf('-')))
    vars.put('mode', path.substring(path.lastIndexOf('-') + 1))
}
SampleResult.setIgnore()
