// A member leaves its fan-out step, handing over what it received. The last one out audits the step: it reads the
// room's history (newest first, the store's order) back to the first message this step did not send, and fails unless
// every message acknowledged (fanout-acknowledged.groovy) was stored exactly once and every member received every stored message exactly once, in store
// order, and nothing else. "In store order" as the server promises it (server README, "Order"): every delivery carries
// its place in history, (sentAt, id), and a member's messages placed by it are the room's history; messages of different
// senders may arrive in another order (two SENDs stored at once are published in either order), which the audit counts
// and reports but does not fail. A delivery still missing fanoutLostAfter ms after the last send is reported like a
// request that timed out (unanswered: an overloaded step's, or a loss); every other breach is a wrong answer.
import groovy.json.JsonSlurper
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.time.Duration

def state = vars.getObject('fanout')
SampleResult.setSampleLabel('audit [' + vars.get('path') + '] ' + vars.get('shape'))
state.received.put(vars.get('member') as int, vars.getObject('received'))
if (state.left.decrementAndGet() > 0) {
    SampleResult.setIgnore()
    return
}
// The server's send-path stages and CPU now, before the audit's own reads of the room.
def readStages = props.get('chatlab.labSendStages') ?: evaluate(new File(vars.get('scripts'), 'lab-send-stages.groovy')).tap { props.put('chatlab.labSendStages', it) }
def now = null
def unread = null
try { now = readStages(vars) } catch (Exception e) { unread = e.message ?: e.toString() }
def mine = { String clientMessageId -> clientMessageId?.startsWith('fanout-' + state.tag + '-') }
// What was acknowledged before the room is read back: each of these was stored before its RECEIPT, so before the read.
// A sender of an overloaded step may get its RECEIPT only while the audit reads (its member had stopped waiting at
// lostAt): its message may be stored after the read, so it is not expected here (seen in a step at 4,000/s: 19 of 816).
def sent = state.sent.toList()
def client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()
def stored = []
String cursor = null
while (true) {
    def uri = 'http://' + vars.get('host') + ':' + vars.get('port') + '/api/v1/chat-rooms/' + state.room + '/messages?size=100&store=' +
        vars.get('fanoutStore') + (cursor ? '&cursor=' + URLEncoder.encode(cursor, 'UTF-8') : '')
    def response = client.send(HttpRequest.newBuilder(URI.create(uri)).header('Authorization', 'Bearer ' + vars.get('token'))
        .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString())
    if (response.statusCode() != 200) {
        SampleResult.setSuccessful(false)
        SampleResult.setResponseCode(String.valueOf(response.statusCode()))
        SampleResult.setResponseMessage('reading the room back answered ' + response.statusCode() + ': ' + response.body().take(300))
        return
    }
    def page = new JsonSlurper().parseText(response.body())
    def ours = page.messages.takeWhile { mine(it.clientMessageId) }
    stored.addAll(ours)
    if (ours.size() < page.messages.size() || page.nextCursor == null) break
    cursor = page.nextCursor
}
stored = stored.reverse()
def storedIds = stored.collect { it.id }
def problems = []
def storedKeys = stored.collect { it.clientMessageId }
def twice = storedKeys.countBy { it }.findAll { it.value > 1 }.keySet()
if (!twice.isEmpty()) problems << (twice.size() + ' messages stored more than once, e.g. ' + twice.first())
// Every message the schedule offered was carried by a sender (fanout-carry.groovy): once every sender has left, one
// still in the outbox found none. (A sender still at work when the members stopped waiting carries on unacknowledged.)
def offered = state.offered?.get() ?: 0
def carried = state.carried?.get() ?: 0
if (state.holding?.get() == 0 && carried < offered) problems << ((offered - carried) + ' of ' + offered + ' messages offered found no sender to carry them (every sender had failed or left)')
def notStored = sent - storedKeys
if (!notStored.isEmpty()) problems << (notStored.size() + ' of ' + sent.size() + ' messages acknowledged were not stored, e.g. ' + notStored.first())
def delivered = 0L
def members = state.received.keySet().sort()
if (members.size() != state.members) problems << ('only ' + members.size() + ' of ' + state.members + ' members reported')
def places = stored.collectEntries { [(it.id as long): it.sentAt] }
def lost = 0L, extra = 0L, duplicated = 0L, misplaced = 0L, reordered = 0
for (member in members) {
    def got = state.received.get(member)
    def ids = got.collect { it.id }
    delivered += ids.size()
    def foreign = got.findAll { it.room != state.room || !mine(it.clientMessageId) }
    extra += foreign.size()
    duplicated += ids.size() - ids.toSet().size()
    lost += (storedIds - ids).size()
    misplaced += got.count { places.containsKey(it.id as long) && places[it.id as long] != it.sentAt }
    if (foreign.isEmpty() && ids.toSet().size() == ids.size() && ids.toSet() == storedIds.toSet() && ids != storedIds) reordered++
}
if (lost > 0) problems << (lost + ' deliveries missing (not received within fanoutLostAfter of the last send: timed out)')
if (extra > 0) problems << (extra + ' deliveries of messages this step did not send, or of another room')
if (duplicated > 0) problems << (duplicated + ' deliveries received twice')
if (misplaced > 0) problems << (misplaced + ' deliveries carried another place (sentAt) than history gives them')
// With several engines each audits its own members (every count-th; fanout-steps.groovy) and its own senders' messages.
int engines = (state.engines ?: 1) as int
def summary = stored.size() + ' messages stored (' + sent.size() + ' acknowledged), ' + delivered + ' deliveries to ' + members.size() + ' members' +
    (engines > 1 ? ' of engine ' + ((state.engine as int) + 1) + ' of ' + engines : '') +
    ((state.waited?.get() ?: 0) > 0 ? '; senders waited up to ' + state.waited.get() + ' ms for the members' + "'" + ' subscriptions' : '') +
    ((state.queued?.get() ?: 0) > 0 ? '; a message waited up to ' + state.queued.get() + ' ms for one of the ' + state.senders + ' senders' : '')
def arrival = reordered + ' of ' + members.size() + ' members received them in another order than history' + "'" + 's'
// Where this step's time went on the server: its send-path stage timers (store, broker, outbound; every instance),
// counted since the previous step's audit (this plan sends nothing between two audits), as a mean per stage.
def stages = 'not counted before this step'
if (now == null) {
    props.remove('chatlab.fanout.stages')
    stages = 'unavailable (' + unread + ')'
} else {
    def totals = now.stages
    def before = props.get('chatlab.fanout.stages')
    props.put('chatlab.fanout.stages', totals)
    if (before != null) stages = totals.collect { name, total ->
        long count = (total.count as long) - ((before[name]?.count ?: 0) as long)
        double ms = (total.totalMs as double) - ((before[name]?.totalMs ?: 0) as double)
        name + ' ' + (count > 0 ? String.format(Locale.ROOT, '%.3f', ms / count) : '-') + ' ms × ' + count
    }.join(', ')
}
// The CPU the server and its backends used per delivery, from the last member's subscription (fanout-subscribed.groovy)
// to this audit: the step's SENDs, stores and deliveries, and the members' leaving; every stored message goes to every
// member of the room (all engines').
def start = state.cpuAtStart?.get()
def roomMembers = ((vars.get('path') =~ /(\d+) members/).with { it.find() ? it.group(1) as long : 0L })
long deliveries = stored.size() * roomMembers
def cpu
if (start == null) cpu = 'not read at the step' + "'" + 's start'
else if (start.failed) cpu = 'unavailable (' + start.failed + ')'
else if (now == null) cpu = 'unavailable (' + unread + ')'
else if (deliveries == 0) cpu = 'no deliveries'
else {
    double server = (now.cpuSeconds.server as double) - (start.server as double)
    double backends = (now.cpuSeconds.backends as double) - (start.backends as double)
    // The step's deployment's own instances, apart from the rest of the fleet (the first instance, the idle deployments).
    def deployment = (vars.get('path') =~ / on (\S+)(?: again)?$/).with { it.find() ? it.group(1) : null }
    def ownNow = now.cpuSeconds.deployments?.get(deployment), ownAtStart = start.deployments?.get(deployment)
    def itsOwn = ownNow == null || ownAtStart == null ? '' : String.format(Locale.ROOT, ', of it %s %.1f', deployment,
        ((ownNow as double) - (ownAtStart as double)) * 1e6 / deliveries)
    cpu = String.format(Locale.ROOT, '%.1f µs (server %.1f%s; MariaDB + Redis %.1f) over %d deliveries', (server + backends) * 1e6 / deliveries,
        server * 1e6 / deliveries, itsOwn, backends * 1e6 / deliveries, deliveries)
}
// A step whose every acknowledged message reached every member once, with no sender still waiting for its RECEIPT, left
// the server nothing to do: its group ends now (end-open-group.groovy), not at the end of the tail its schedule keeps
// after the last send for late deliveries (fanout-steps.groovy's senders). An overloaded step keeps that tail, so the
// next starts after the server has worked off what the step left queued: a room of 10's first step on relay-2, started
// 2 s after its overloaded warm-up's last send, missed at 500 deliveries/s (p95 189 ms), which it held after the tail.
if (problems.isEmpty() && (state.sending?.get() ?: 0) == 0 && binding.hasVariable('ctx')) {
    def endGroup = props.get('chatlab.endGroup') ?: evaluate(new File(vars.get('scripts'), 'end-open-group.groovy')).tap { props.put('chatlab.endGroup', it) }
    endGroup(ctx.getThreadGroup())
}
SampleResult.setSuccessful(problems.isEmpty())
def onlyLate = lost > 0 && problems.size() == 1
SampleResult.setResponseCode(problems.isEmpty() ? '200' : onlyLate ? 'java.net.SocketTimeoutException' : '409')
SampleResult.setResponseMessage((problems.isEmpty() ? 'held: ' + summary + ', each once, placed as in history; ' + arrival
    : (onlyLate ? 'TIMED OUT: ' : 'BROKEN: ') + problems.join('; ') + ' (' + summary + ')') + '; server stages, mean: ' + stages +
    '; server CPU per delivery: ' + cpu)
SampleResult.setResponseData(groovy.json.JsonOutput.toJson([room: state.room, stored: stored.size(), sent: sent.size(), members: members.size(),
    delivered: delivered, lost: lost, extra: extra, duplicated: duplicated, misplaced: misplaced, reordered: reordered, held: problems.isEmpty()]), 'UTF-8')
