// Before each measured unit: wait until the server is idle (nothing in flight, no store work queued, CPUs settled:
// GET /api/v1/lab/activity, which itself measures the CPUs for the server's chatlab.lab.idle-window, 250 ms), then note
// the CPU seconds used so far by the server, its embedded backends and this JMeter, so the report can account each
// unit's CPU and wait.
import groovy.json.JsonSlurper
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.time.Duration

// The unit this drain precedes: a unit's group that drains first names it (`unit`); a group of its own is named
// "drain before <unit>".
def unit = vars.get('unit') ?: ctx.getThreadGroup().getName() - 'drain before '
SampleResult.setSampleLabel('drain before ' + unit)
// A unit this round skips (open-model-schedules.groovy's chatlab.unitRuns) gets no drain and no line: the unit before it
// ends at the next drain that runs. Every engine decides alike, on the same settings and earlier rounds.
if (props.get('chatlab.unitRuns')?.call(unit) == false) {
    SampleResult.setIgnore()
    return
}
def token = props.get('chatlab.labToken')
if (token == null) {
    def jwt = props.get('chatlab.jwt') ?: evaluate(new File(vars.get('scripts'), 'jwt.groovy')).tap { props.put('chatlab.jwt', it) }
    token = jwt(vars.get('jwtSecret'), '1', 'lab')
    props.put('chatlab.labToken', token)
}
// Optionally pin this JMeter to its own CPUs (property jmeterCpus), once, before the first unit.
def pid = ProcessHandle.current().pid()
def jmeterCpus = vars.get('jmeterCpus')
if (jmeterCpus && props.get('chatlab.pinned') == null) {
    def taskset = new ProcessBuilder('taskset', '-a', '-p', '-c', jmeterCpus, String.valueOf(pid)).redirectErrorStream(true).start()
    def said = taskset.inputStream.text
    if (taskset.waitFor() != 0) throw new IllegalStateException('taskset could not pin JMeter to CPUs ' + jmeterCpus + ': ' + said)
    props.put('chatlab.pinned', jmeterCpus)
}
def several = (vars.get('engineList') ?: '').tokenize(',').count { it.trim() } > 1
def engine = props.get('chatlab.engine')
def allowedCpus = { long id -> new File('/proc/' + id + '/status').readLines().find { it.startsWith('Cpus_allowed_list:') }?.split(':')[1]?.trim()?.replace(',', ';') ?: '?' }
def client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()
def request = HttpRequest.newBuilder(URI.create('http://' + vars.get('host') + ':' + vars.get('port') + '/api/v1/lab/activity'))
    .header('Authorization', 'Bearer ' + token).timeout(Duration.ofSeconds(30)).build()
def started = System.currentTimeMillis()
def limit = started + Long.parseLong(vars.get('drainTimeout')) * 1000
def body = null
def activity = null
// Asks until the server is idle or the drain's time is up; false (the sample failed) when the server answered otherwise.
def awaitIdle = { ->
    while (true) {
        def response = client.send(request, HttpResponse.BodyHandlers.ofString())
        body = response.body()
        if (response.statusCode() != 200) {
            SampleResult.setSuccessful(false)
            SampleResult.setResponseCode(String.valueOf(response.statusCode()))
            SampleResult.setResponseMessage('lab activity answered ' + response.statusCode() + ': ' + body)
            return false
        }
        activity = new JsonSlurper().parseText(body)
        if (activity.idle || System.currentTimeMillis() > limit) return true
    }
}
if (!awaitIdle()) return
// Every store back to the seed's messages (restore-seed.groovy) once the server is idle, so its deletes meet no backlog
// (before the wait, behind a ladder's backlog, one took 8.5 s), on the engine that keeps the units only: the others
// meet it after their own wait, so no engine starts the unit before the restore. When it removed messages, the wait
// goes on until the stores' own work after the deletes is done too.
def restored = null
def restoredMs = 0L
if (!several || engine?.index == 0) {
    def restoring = System.currentTimeMillis()
    try {
        def restore = props.get('chatlab.restoreSeed') ?: evaluate(new File(vars.get('scripts'), 'restore-seed.groovy')).tap { props.put('chatlab.restoreSeed', it) }
        restored = restore(token, vars)
    } catch (Exception e) {
        SampleResult.setSuccessful(false)
        SampleResult.setResponseCode('503')
        SampleResult.setResponseMessage('the stores could not be taken back to the seed before ' + unit + ': ' + e.message)
        return
    }
    restoredMs = System.currentTimeMillis() - restoring
    if (restored && restored.removed.values().sum() > 0 && !awaitIdle()) return
}
// The machine's speed, on a fixed piece of CPU work (machine-probe.groovy), timed while the server is idle and before
// the engines meet (after the meeting the others start the unit), only where this unit's line is kept: 5 passes of
// 14 ms on a fast host after a cold first, under 0.2 s, not counted in the wait (waitedMs) but, as the wait is, in the
// unit before this one.
def file = vars.get('unitsFile')
def keeps = file && (!several || engine?.index == 0)
def probing = System.currentTimeMillis()
def probe = keeps ? (props.get('chatlab.probe') ?: evaluate(new File(vars.get('scripts'), 'machine-probe.groovy')).tap { props.put('chatlab.probe', it) })(5) : null
def probed = System.currentTimeMillis() - probing
// With several engines (a plan that names them, engineList) each unit starts on all of them at once: they meet once each
// found the server idle (an engine waiting at a meeting is no load to the others' idle check). A meeting that fails
// stops the plan's further steps and closed groups (open-model-schedules.groovy) and its tearDown says why.
if (several && props.get('chatlab.enginesFailed') == null) {
    try {
        if (engine?.meet == null) throw new IllegalStateException('plan ' + vars.get('plan') + ' does not split its load over engines (scripts/engines.groovy did not run in its setUp)')
        engine.meet('drain before ' + unit, [idle: activity.idle])
    } catch (Exception e) {
        props.put('chatlab.enginesFailed', e.message ?: e.toString())
        SampleResult.setSuccessful(false)
        SampleResult.setResponseCode('409')
        SampleResult.setResponseMessage('the engines did not meet before ' + unit + ': ' + props.get('chatlab.enginesFailed'))
        return
    }
}
def waited = System.currentTimeMillis() - started - probed - restoredMs
// The whole machine's busy and stolen CPU seconds so far (Linux /proc/stat, in USER_HZ = 1/100 s): busy time that is
// none of ours is another process's; steal is time the hypervisor gave this VM's CPUs to someone else.
def stat = new File('/proc/stat')
def machine = stat.canRead() ? stat.readLines().first().split(/\s+/).drop(1).collect { it as long }.with { t ->
    [(t[0] + t[1] + t[2] + t[5] + t[6]) / 100d, (t.size() > 7 ? t[7] : 0L) / 100d] } : null
def jmeterCpu = ProcessHandle.current().info().totalCpuDuration().map { it.toNanos() / 1e9d }.orElse(0d)
// With several engines the first keeps the units: the CPU columns then describe its machine; the last column says how
// many engines shared the unit's load (a run's rounds may differ: the test command runs every plan's second on two).
if (keeps) {
    def out = new File(file)
    if (!out.exists()) out.text = 'plan,unit,idleAt,waitedMs,idle,serverCpuS,backendsCpuS,jmeterCpuS,cores,serverCpus,jmeterCpus,machineBusyS,stealS,engines,probeMs,removedMessages,storeMessages\n'
    def seconds = { double value -> String.format(Locale.ROOT, '%.3f', value) }
    out << [vars.get('plan'), unit, System.currentTimeMillis(), waited, activity.idle, seconds(activity.cpuSeconds.server),
            seconds(activity.cpuSeconds.backends), seconds(jmeterCpu), activity.cores, activity.cpus.replace(',', ';'), allowedCpus(pid),
            machine ? seconds(machine[0]) : '', machine ? seconds(machine[1]) : '', several ? engine.count : 1,
            String.format(Locale.ROOT, '%.2f', probe.ms as double),
            // What this restore removed (the units since the last one sent it) and the largest store's size after it.
            restored ? restored.removed.values().sum() : '', restored ? restored.messages.values().max() : ''].join(',') + '\n'
}
SampleResult.setResponseData(body, 'UTF-8')
SampleResult.setResponseMessage((restored ? 'removed ' + restored.removed.values().sum() + ' messages sent since the seed in ' + restoredMs + ' ms; ' : '') +
    (activity.idle ? 'idle after ' : 'still busy after ') + waited + ' ms')
