// The seats' trials: each strategy of seatsStrategies once per block, seatsBlocks blocks per round in orders shuffled
// from blockSeed (trials.groovy). seatsControl's A/A twin `<strategy> again` is a trial of its own on an event room of
// its own (a rush owns its room, so the twin cannot share the original's trial). The planted difference is not applied
// here: a rush is a closed loop at saturation, where a delay that holds nothing another entry waits for takes the place
// of queueing rather than adding to it, so a twin planted 25 % slower read 1.11x and 0.80x its strategy. The round
// opens with an unmeasured warm-up rush (`warm-up`, on a room after the twin's): the round's first trial otherwise
// meets this JMeter's and the seat code's first rush (in one run the twin, first in its round, took 2.61x its strategy).
// Slot k of the plan runs trial k, on room eventRoom + the strategy's place; a slot past the last trial starts no thread.
def slots = 60
def fail = { String why -> SampleResult.setSuccessful(false); SampleResult.setResponseMessage(why) }
def strategies = vars.get('seatsStrategies').split(',').collect { it.trim() }.findAll { it }
if (strategies.isEmpty()) return fail('seatsStrategies must name at least one strategy, was ' + vars.get('seatsStrategies'))
def control = vars.get('seatsControl').trim()
def blocks = vars.get('seatsBlocks') as int
def trials
try {
    trials = evaluate(new File(vars.get('scripts'), 'trials.groovy'))(strategies, control, blocks,
        vars.get('blockSeed') as long, vars.get('round') as int, false, false)
} catch (IllegalArgumentException e) {
    return fail('seats: ' + e.message)
}
trials = [[block: 0, contender: 'warm-up', twin: false, duet: false, planted: false, trial: 'warm-up', strategy: strategies[0]]] + trials
if (trials.size() > slots) return fail("seatsBlocks ($blocks) × the trials of a block (${(trials.size() - 1) / blocks}) and the warm-up is ${trials.size()}, more than the plan's $slots slots")
def first = vars.get('eventRoom') as long
trials.each {
    it.strategy = it.strategy ?: it.contender - ' again'
    it.room = first + (it.block == 0 ? strategies.size() + 1 : it.twin ? strategies.size() : strategies.indexOf(it.strategy))
}
props.put('seats.trials', trials)
SampleResult.setIgnore()
