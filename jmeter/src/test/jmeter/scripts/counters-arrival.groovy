// One arrival of the counters' duet (counters-duet.groovy): its contender drawn at random, its room and whether it
// carries the planted difference, and on which basis (the block's label, `shape`, is its thread group's parameter).
def duet = props.get('counters.duet')
def drawn = duet.draw(vars.get('shape'))
vars.put('contender', drawn.contender)
vars.put('store', drawn.store)
vars.put('mode', drawn.mode)
vars.put('room', String.valueOf(drawn.room))
vars.put('slowed', drawn.slowed ? duet.basis(vars.get('shape'), drawn.contender) : 'false')
