// Which share of a plan's load this JMeter offers, and how the engines that share it meet. With -Djmeter.remotes naming
// N engines, JMeter's distributed mode runs the whole plan on each (the property `engineList` names them; empty or one:
// this JMeter alone, no meeting), so each engine offers 1/N of every rate, runs its share of a closed group's threads and
// takes every N-th member of a room, and before every unit (drain.groovy) and every step the engines meet at the server
// (POST /api/v1/lab/rendezvous/<key> on the first instance; the server answers once all N have come, each with every
// engine's contribution in one order), so that units start together and every engine decides its next step on all
// engines' samples. An engine's index is its place in the plan's first meeting (`engines`): any
// numbering serves, as long as the engines agree on it. Run once per plan, in its setUp: by open-model-schedules.groovy, or
// as a sampler of its own (the seats, counters and pool plans).
import groovy.json.JsonOutput
import groovy.json.JsonSlurper
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.time.Duration
import org.apache.jmeter.threads.JMeterContextService

props.remove('chatlab.enginesFailed')
def count = Math.max(1, (vars.get('engineList') ?: '').tokenize(',').count { it.trim() })
// How long an engine waits for the others at a meeting: the slowest engine's step and its drain come first.
long wait = 600
def secret = vars.get('jwtSecret')
def base = 'http://' + vars.get('host') + ':' + vars.get('port') + '/api/v1/lab/rendezvous/'
def client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()
// A test hands in its own meeting place (property chatlab.meetingPlace: a closure (key, parties, contribution) → meeting).
def place = props.get('chatlab.meetingPlace') ?: { String key, int parties, Map contribution ->
    def jwt = props.get('chatlab.jwt') ?: evaluate(new File(vars.get('scripts'), 'jwt.groovy')).tap { props.put('chatlab.jwt', it) }
    def token = jwt(secret, '1', 'lab')
    def uri = URI.create(base + URLEncoder.encode(key, 'UTF-8').replace('+', '%20') + '?parties=' + parties + '&timeoutSeconds=' + wait)
    def response = client.send(HttpRequest.newBuilder(uri).header('Authorization', 'Bearer ' + token).header('Content-Type', 'application/json')
        .timeout(Duration.ofSeconds(wait + 30)).POST(HttpRequest.BodyPublishers.ofString(JsonOutput.toJson(contribution))).build(),
        HttpResponse.BodyHandlers.ofString())
    if (response.statusCode() != 200) throw new IllegalStateException('the engines\' meeting ' + key + ' answered ' + response.statusCode() + ': ' + response.body().take(300))
    new JsonSlurper().parseText(response.body())
}
// Every engine's contribution to the meeting at `key`, in one order, the same list on every engine (this one's alone
// when it is the only engine). An engine keeps its properties from plan to plan: a meeting asked of the engine an earlier
// test published (a plan that did not run this script in its setUp) fails at once instead of waiting for engines that
// run another plan.
def plan = vars.get('plan')
def started = JMeterContextService.getTestStartTime()
def meet = { String key, Map contribution ->
    if (JMeterContextService.getTestStartTime() != started) throw new IllegalStateException('the engine kept is an earlier test\'s (plan ' + plan +
        '): the plan running does not split its load over engines (scripts/engines.groovy did not run in its setUp)')
    count == 1 ? [contribution] : place(key, count, contribution).contributions
}
// A first meeting that fails (an engine missing) leaves this one index 0 and says why: the plan's schedules then run no
// step (open-model-schedules.groovy) and its tearDown fails (engines-met.groovy).
def index = 0
try {
    if (count > 1) index = place('engines', count, [:]).party as int
} catch (Exception e) {
    props.put('chatlab.enginesFailed', e.message ?: e.toString())
}
def engine = [
    count: count,
    index: index,
    meet: meet,
    // This engine's share of `rate` (every engine offers the same share: the sum is the rate).
    share: { double rate -> rate / count },
    // This engine's share of `total` threads of a closed group: the first engines take one more when N does not divide
    // it, so the shares sum to `total` (100 over 3 engines: 34, 33, 33); none once the engines failed to meet (they no
    // longer know that they run the same unit).
    threads: { int total -> props.get('chatlab.enginesFailed') != null ? 0 : Math.max(0, (total - index + count - 1).intdiv(count)) },
    // A step's whole-millisecond times as a histogram ([ms: count]) to hand in, and every engine's merged back into one
    // sorted list of times (the step's p95 is then the one the report computes from all engines' samples).
    histogram: { Collection times -> times.countBy { it as long }.collectEntries { k, v -> [(String.valueOf(k)): v] } },
    merged: { List histograms -> histograms.collectMany { h -> h.collectMany { k, v -> Collections.nCopies(v as int, k as long) } }.sort() },
]
// Kept for the plan's other scripts and elements (every plan that splits its load runs this script in its setUp).
props.put('chatlab.engine', engine)
// Every Open Model Thread Group's random seed (`${__property(chatlab.arrivalSeed,,0)}`, read as the group starts, after
// this setUp): the plan's arrivalSeed plus this engine's index, so that engines draw different arrivals. A property, not a
// `__groovy` seed, which JMeter compiles anew in every group that starts.
props.put('chatlab.arrivalSeed', String.valueOf(((vars.get('arrivalSeed') ?: '0') as long) + index))
SampleResult?.setIgnore()
return engine
