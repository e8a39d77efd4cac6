// The sizes to sweep, one slot each (at most 12); every Open Model Thread Group of this plan asks the closure below
// for its schedule when it starts. JMeter 5.6 counts an open-model schedule from the start of the whole test
// (apache/jmeter#6352), so each schedule begins with a pause as long as the test has already run; after the last
// arrival it waits `timeout` ms (the warm-up 250 ms), then cuts what still runs (a failure, like a timeout); a group
// with nothing left running ends at once (end-open-group-when-idle.groovy).
import org.apache.jmeter.threads.JMeterContextService
def sizes = vars.get('poolSizes').split(',').collect { it.trim() }.findAll { it }.collect { it as int }
if (sizes.isEmpty() || sizes.size() > 12 || sizes.any { it < 1 }) {
    SampleResult.setSuccessful(false)
    SampleResult.setResponseMessage('poolSizes must list 1 to 12 sizes of at least 1, was ' + vars.get('poolSizes'))
    return
}
props.put('pool.sizes', sizes)
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
    if (slot >= sizes.size()) {
        props.remove('pool.current')
        return pause
    }
    props.put('pool.current', [label: warm ? 'warm-up' : 'size@' + sizes[slot], size: sizes[slot]])
    def rate = fmt(rates[kind])
    double window = warm ? warmup : seconds
    double wait = warm ? 250d : tail
    // Once nothing runs after the last arrival, the group ends without waiting out its tail.
    endWhenIdle(now + (long) (window * 1000), (long) wait)
    return pause + ' rate(' + rate + '/s) random_arrivals(' + fmt(window) + ' s) rate(' + rate + '/s) pause(' + fmt(wait) + ' ms)'
})
SampleResult.setIgnore()
