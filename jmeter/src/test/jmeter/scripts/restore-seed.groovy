// Every store back to the seed's messages (POST /api/v1/lab/seed/restore): what the units before sent is deleted, so
// no unit reads or writes a store an earlier unit grew. Returns a closure (lab token, the caller's JMeter variables)
// -> the server's answer (removed and held messages per store, the rooms touched), or null when the plan does not
// bind restoreSeed=true; it throws naming the status the server answered. The drains call it before they wait for an idle server, the cache fill before it fills.
import java.time.Duration

def lab = props.get('chatlab.labRequest') ?: evaluate(new File(vars.get('scripts'), 'lab-request.groovy')).tap { props.put('chatlab.labRequest', it) }
return { String token, variables ->
    if (variables.get('restoreSeed') != 'true') return null
    def timeout = Duration.ofSeconds(Long.parseLong(variables.get('drainTimeout') ?: '120'))
    try {
        lab('POST', '/api/v1/lab/seed/restore', token, variables, timeout)
    } catch (IllegalStateException e) {
        throw new IllegalStateException('the seed restore ' + e.message, e)
    }
}
