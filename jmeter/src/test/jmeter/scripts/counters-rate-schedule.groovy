// The schedule of a counters unit's open-model step (counters.jmx, "load <store> <mode> rate@<viewRate>"): this engine's
// share of viewRate arrivals/s for viewSeconds s. JMeter 5.6 counts an open-model schedule from the start of the whole
// test (apache/jmeter#6352), hence the leading pause. 2 s after the last arrival what still runs is cut and fails; once
// nothing runs after it, the group ends at once (end-open-group-when-idle.groovy) and the unit's audit follows.
// The watcher is compiled once and kept (it reads no variables when called); the schedule starts after it is at hand.
import org.apache.jmeter.threads.JMeterContextService
def endWhenIdle = props.get('chatlab.endWhenIdle') ?: evaluate(new File(vars.get('scripts'), 'end-open-group-when-idle.groovy')).tap { props.put('chatlab.endWhenIdle', it) }
def share = props.get('chatlab.engine')?.share ?: { it }
def rate = share((vars?.get('viewRate') ?: '0') as double)
def seconds = vars?.get('viewSeconds') ?: '0'
def now = System.currentTimeMillis()
endWhenIdle(now + (long) ((seconds as double) * 1000), 2000L)
return 'pause(' + (now - JMeterContextService.getTestStartTime()) + ' ms) rate(' + rate + '/s) random_arrivals(' + seconds + ' s) rate(' + rate + '/s) pause(2 s)'
