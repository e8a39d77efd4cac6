// One arrival of an open-model unit is one reader's action. Capacity (and its warm-up) reads one page chosen as the
// reference shape does (a random page, or a random lastSentAt in the seeded range). The chat mix opens a room's
// newest page; a share mixScroll of readers then scroll back scrollPages pages by cursor (offset: page by page), and
// a share mixDeep jump to a random point instead; a duet's arrival reads one page as capacity does. Labels:
// capacity@<rate>, mix newest, mix scroll, mix deep, duet block <n>, warm-up.
def random = java.util.concurrent.ThreadLocalRandom.current()
if (vars.get('n') == null) {
    // The path, and the label, are the step's running now (its thread group's schedule named them); the store and
    // mode follow from the path's first word (mongo-redis-keyset warm: store mongo-redis, keyset pages).
    def current = props.get('chatlab.current')
    // A duet's arrival draws its path at random; the A/A twin's (`<path> again`) reads as its path does, and carries the
    // planted difference when the run plants one: a share of its original's average read so far in the block.
    def drawn = current.shape == 'duet' ? current.draw() : [target: current.path, slowed: false]
    def path = drawn.target
    vars.put('target', path)
    vars.put('slowed', drawn.slowed ? current.basis(path) : 'false')
    def reads = path.split(' ')[0]
    vars.put('path', path)
    vars.put('store', path == 'instrument' ? 'none' : reads.substring(0, reads.lastIndexOf('-')))
    vars.put('mode', path == 'instrument' ? 'none' : reads.substring(reads.lastIndexOf('-') + 1))
    vars.put('shape', current.label)
    def userId = random.nextInt(vars.get('loadUsers') as int) + 1
    def tokens = props.get('chatlab.tokens')
    if (tokens == null) { props.putIfAbsent('chatlab.tokens', new java.util.concurrent.ConcurrentHashMap()); tokens = props.get('chatlab.tokens') }
    def token = tokens.computeIfAbsent(userId) { id ->
        def jwt = props.get('chatlab.jwt') ?: evaluate(new File(vars.get('scripts'), 'jwt.groovy')).tap { props.put('chatlab.jwt', it) }
        jwt(vars.get('jwtSecret'), id, null)
    }
    vars.put('userId', String.valueOf(userId))
    vars.put('token', token)
    vars.put('roomId', String.valueOf(random.nextInt(vars.get('rooms') as int) + 1))
    def kind = 'random'
    if (current.shape == 'mix') {
        def r = random.nextDouble()
        def deep = vars.get('mixDeep') as double
        kind = r < deep ? 'deep' : r < deep + (vars.get('mixScroll') as double) ? 'scroll' : 'newest'
    }
    vars.put('kind', kind)
    vars.put('requests', kind == 'scroll' ? String.valueOf(1 + (vars.get('scrollPages') as int)) : '1')
    vars.put('n', '0')
    vars.put('timeout', vars.get('openTimeout'))
}
def offset = vars.get('mode') == 'offset'
def n = (vars.get('n') as int) + 1
vars.put('n', String.valueOf(n))
vars.put('more', n < (vars.get('requests') as int) ? 'true' : 'false')
def kind = vars.get('kind')
vars.put('lastSentAt', '')
vars.put('page', '')
if (kind == 'random' || kind == 'deep') {
    if (offset) {
        vars.put('page', String.valueOf(random.nextInt(vars.get('pages') as int)))
    } else {
        def from = java.time.Instant.parse(vars.get('from')).toEpochMilli()
        def to = java.time.Instant.parse(vars.get('to')).toEpochMilli()
        vars.put('lastSentAt', java.time.Instant.ofEpochMilli(from + random.nextLong(to - from + 1)).toString())
    }
} else if (offset) {
    vars.put('page', String.valueOf(n - 1))
}
if (offset) vars.put('query', 'page=' + vars.get('page'))
else if (vars.get('lastSentAt')) vars.put('query', 'lastSentAt=' + vars.get('lastSentAt'))
else if (n > 1) vars.put('query', 'cursor=' + URLEncoder.encode(vars.get('cursor'), 'UTF-8'))
else vars.put('query', '')
// The instrument's path asks the server's cheapest authenticated question instead of a page: who am I.
def instrument = vars.get('path') == 'instrument'
vars.put('sampler', instrument ? 'who am i' : 'get chat messages')
vars.put('measured', vars.get('sampler')) // the sampler whose times decide the step (record-step.groovy)
vars.put('request', instrument ? '/api/v1/me' : '/api/v1/chat-rooms/' + vars.get('roomId') + '/messages?store=' + vars.get('store') + '&size=' + vars.get('size') + '&' + vars.get('query'))
def label = vars.get('shape')
vars.put('label', label != 'mix' ? label : kind == 'deep' ? 'mix deep' : n > 1 ? 'mix scroll' : 'mix newest')
