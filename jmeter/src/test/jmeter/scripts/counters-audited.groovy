// The duet block's audit (counters.jmx, "duet audit") counts every contender of the block in turn: this iteration's
// contender and its room (the block's label, `shape`, is its thread group's parameter).
def duet = props.get('counters.duet')
int n = (vars.get('audited') ?: '0') as int
def contenders = duet.at(vars.get('shape'))
def c = contenders[n % contenders.size()]
vars.put('audited', String.valueOf(n + 1))
vars.put('contender', c.contender)
vars.put('store', c.store)
vars.put('mode', c.mode)
vars.put('room', String.valueOf(c.room))
