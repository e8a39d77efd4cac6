// Ends the Open Model Thread Group JMeter is starting now (the caller is its schedule) once its arrivals are over and
// none of its threads runs any more, instead of at the end of the pause that closes its schedule. That pause (the tail)
// is there for answers still due, within the SLO or the open timeout; once every thread has ended, none is, and the
// pause would only hold the next unit back (a mix step's tail is 1 s, a capacity step's 250 ms).
// The group is the one the engine started last (JMeter's serialized run starts one group at a time and evaluates its
// schedule in start()). A watcher thread looks every 10 ms from `margin` ms after the last arrival's time until the tail
// is over, and ends the group as end-open-group.groovy does, letting anything still running finish. The margin covers a
// starter thread that wakes late for the last arrival: one later still finds the pool shut and is not started.
// Returns whether it watches: false for another kind of group, an engine it cannot see, or a tail shorter than the margin.
import org.apache.jmeter.engine.StandardJMeterEngine
def endGroup = evaluate(new File(vars.get('scripts'), 'end-open-group.groovy'))
def field = { Class type, String name -> type.getDeclaredField(name).tap { it.accessible = true } }
return { long arrivalsEnd, long tail, long margin = 100L ->
    def engine = field(StandardJMeterEngine, 'engine').get(null)
    def groups = engine == null ? null : field(StandardJMeterEngine, 'groups').get(engine)
    def group = groups ? groups[-1] : null
    if (group?.getClass()?.name != 'org.apache.jmeter.threads.openmodel.OpenModelThreadGroup' || tail <= margin) return false
    Thread.startDaemon('end ' + group.name + ' when idle') {
        long from = arrivalsEnd + margin
        long until = arrivalsEnd + tail - 10
        long wait = from - System.currentTimeMillis()
        if (wait > 0) Thread.sleep(wait)
        while (System.currentTimeMillis() < until) {
            if (group.numberOfActiveThreads() == 0) {
                endGroup(group)
                return
            }
            Thread.sleep(10)
        }
    }
    return true
}
