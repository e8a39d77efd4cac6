// The pool's trials: each size of poolSizes (at most 12) once per block, poolBlocks blocks per round in orders
// shuffled from blockSeed (trials.groovy), one slot each. poolControl's trial is a duet: each of its arrivals is
// `<size>` or, at random, `<size> again` (the A/A control; the twin the planted difference slows). Every Open
// Model Thread Group of this plan asks the closure below for its slot's schedule when it starts. JMeter 5.6 counts an
// open-model schedule from the start of the whole test (apache/jmeter#6352), so each schedule begins with a pause as
// long as the test has already run; after the last arrival it waits `timeout` ms (the warm-up 250 ms), then cuts what
// still runs (a failure, like a timeout); a group with nothing left running ends at once (end-open-group-when-idle.groovy).
import org.apache.jmeter.threads.JMeterContextService
def slots = 48
def fail = { String why -> SampleResult.setSuccessful(false); SampleResult.setResponseMessage(why) }
def sizes = vars.get('poolSizes').split(',').collect { it.trim() }.findAll { it }.collect { it as int }
if (sizes.isEmpty() || sizes.size() > 12 || sizes.any { it < 1 } || sizes.toSet().size() != sizes.size())
    return fail('poolSizes must list 1 to 12 distinct sizes of at least 1, was ' + vars.get('poolSizes'))
def control = vars.get('poolControl').trim()
if (control && !(control.isInteger() && (control as int) in sizes)) return fail('poolControl must be one of poolSizes (' + sizes.join(',') + ') or empty, was ' + control)
def blocks = vars.get('poolBlocks') as int
def trials = evaluate(new File(vars.get('scripts'), 'trials.groovy'))(sizes.collect { it as String }, control, blocks,
    vars.get('blockSeed') as long, vars.get('round') as int, vars.get('planted') == 'true', true)
if (trials.size() > slots) return fail("poolBlocks ($blocks) × the sizes (${sizes.size()}) is ${trials.size()} trials, more than the plan's $slots")
trials.each { it.size = it.contender.tokenize(' ')[0] as int }
props.put('pool.trials', trials)
props.remove('pool.current')
def fmt = { double d -> d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d) }
// With several engines (engines.groovy, which this plan's setUp ran first) each offers its share of every rate.
def share = props.get('chatlab.engine')?.share ?: { double rate -> rate }
def rates = [read: share(vars.get('poolReadRate') as double), write: share(vars.get('poolWriteRate') as double)]
def seconds = vars.get('poolSeconds') as double
def warmup = vars.get('poolWarmupSeconds') as double
def tail = vars.get('timeout') as double
def endWhenIdle = evaluate(new File(vars.get('scripts'), 'end-open-group-when-idle.groovy'))
props.put('pool.schedule', { String kind, int slot, boolean warm ->
    def now = System.currentTimeMillis()
    def pause = 'pause(' + (now - JMeterContextService.getTestStartTime()) + ' ms)'
    if (slot >= trials.size()) {
        props.remove('pool.current')
        return pause
    }
    def trial = trials[slot]
    props.put('pool.current', [label: warm ? 'warm-up' : 'size@' + trial.trial, size: trial.size, planted: trial.planted,
        twin: warm || !trial.duet ? null : 'size@' + trial.contender + ' again block ' + trial.block])
    def rate = fmt(rates[kind])
    double window = warm ? warmup : seconds
    double wait = warm ? 250d : tail
    // Once nothing runs after the last arrival, the group ends without waiting out its tail.
    endWhenIdle(now + (long) (window * 1000), (long) wait)
    return pause + ' rate(' + rate + '/s) random_arrivals(' + fmt(window) + ' s) rate(' + rate + '/s) pause(' + fmt(wait) + ' ms)'
})
SampleResult.setIgnore()
