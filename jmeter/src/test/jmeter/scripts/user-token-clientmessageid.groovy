// Per iteration: this thread's user (a seeded load user, member of every open room), its token, a unique clientMessageId.
// A step of the sends plan's open-model groups names its store and label in its schedule (warm-up, capacity@<rate>,
// duet block <n>); a duet's arrival draws its store at random, the A/A twin's (`<store> again`) sending to its store
// with the planted mark when the run plants a difference. The labels name the `target`: the store, or the twin. The
// warm-up plan's arrivals chose their store themselves (read-or-send-where.groovy), and no step is running there.
def current = props.get('chatlab.current')
if (vars.get('shape') == null && current != null) {
    def drawn = current.shape == 'duet' ? current.draw() : [target: current.path, slowed: false]
    vars.put('target', drawn.target)
    vars.put('store', drawn.target.split(' ')[0])
    vars.put('shape', current.label)
    vars.put('slowed', String.valueOf(drawn.slowed))
}
if (vars.get('target') == null) vars.put('target', vars.get('store'))
if (vars.get('slowed') == null) vars.put('slowed', 'false')
def loadUser = props.get('chatlab.loadUser')
if (loadUser == null) { loadUser = evaluate(new File(vars.get('scripts'), 'load-user.groovy')); props.put('chatlab.loadUser', loadUser) }
def userId = loadUser(vars, ctx.getThreadNum())
vars.put('clientMessageId', 'jm-' + vars.get('store') + '-' + userId + '-' + UUID.randomUUID().toString())
vars.put('subscriptionId', 'sub-' + UUID.randomUUID().toString())
// The send iteration's controllers decide on plain variables: whether this arrival sends (the instrument path only
// connects), and whether it still waits for its broadcast (ours-another-or-error.groovy ends the wait).
vars.put('sending', String.valueOf(!vars.get('store').startsWith('instrument')))
vars.put('awaiting', 'true')
vars.put('reads', '0')
// How long each frame may take, in the plans that bind openTimeout: `wsTimeout` in the reference shape; `openTimeout`
// in the open-model groups (shape `capacity@<rate>` or `warm-up`), where a later answer is a miss anyway and a longer
// wait only holds the thread past its step (a WebSocket read does not stop when JMeter ends the step).
if (vars.get('openTimeout') != null) vars.put('wait', vars.get('shape') == 'reference' ? vars.get('wsTimeout') : vars.get('openTimeout'))
