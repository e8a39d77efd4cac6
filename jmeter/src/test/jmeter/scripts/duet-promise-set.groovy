// Before a duet block the server is put at the block's durability promise (duet-promise.groovy) with PUT
// /api/v1/lab/durability; after the duet back at `durable`, the promise every other unit runs at. `promiseFor` names
// the block: the sends plan gives its step in the round (the block beyond duetBlocks, or in a round that skips the
// duet, gets no sample), the counters plan its label (`duet block <n>`, `warm-up`), `end` after the duet. Before a
// round's first block the disk's fsync time is measured too (GET /api/v1/lab/durability/fsync), the floor under a
// durable commit, and its sample says it. The sample fails when the server refuses or answers other settings than
// asked. A plan without promises (duetPromises empty) leaves the server's settings alone.
import java.net.http.*
import java.time.Duration

def promiseOf = props.get('chatlab.duetPromise')
if (promiseOf == null) { promiseOf = evaluate(new File(vars.get('scripts'), 'duet-promise.groovy')); props.put('chatlab.duetPromise', promiseOf) }
def arg = vars.get('promiseFor')
int blocks = (vars.get('duetBlocks') ?: '0') as int
int round = (vars.get('round') ?: '0') as int
def end = arg == 'end'
def numbered = arg ==~ /\d+/
def block = numbered ? (round < 1 ? 0 : (round - 1) * blocks + (arg as int)) : arg.startsWith('duet block ') ? arg.substring(11) as int : 0
def first = blocks > 0 && block % blocks == 1 % blocks
def promise = end ? (promiseOf.of(vars, 1) == null ? null : 'durable') : promiseOf.of(vars, block)
if (promise == null || (!end && block < 1) || (numbered && (arg as int) > blocks) || (numbered && props.get('chatlab.unitRuns')?.call('duet send stores') == false)) {
    SampleResult.setIgnore()
    return
}
evaluate(new File(vars.get('scripts'), 'lab-token.groovy'))
def token = vars.get('token')
def base = 'http://' + vars.get('host') + ':' + vars.get('port') + '/api/v1/lab/durability'
def client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()
def call = { HttpRequest.Builder request ->
    def response = client.send(request.header('Authorization', 'Bearer ' + token).timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString())
    if (response.statusCode() != 200) throw new IllegalStateException(request.build().uri().path + ' answered ' + response.statusCode() + ': ' + response.body())
    new groovy.json.JsonSlurper().parseText(response.body())
}
def label = end ? 'durability durable after the duet' : 'durability ' + promise + ' before ' + (block < 1 ? 'warm-up' : 'duet block ' + block)
SampleResult.setSampleLabel(label)
// With several engines the first switches for all: they meet before it (none still in the block before) and after it.
def engine = props.get('chatlab.engine')
def several = engine?.meet != null && (engine.count ?: 1) > 1
try {
    if (several) engine.meet('before ' + label, [:])
    if (several && engine.index != 0) {
        engine.meet('after ' + label, [:])
        SampleResult.setIgnore()
        return
    }
    def state = call(HttpRequest.newBuilder(URI.create(base)).header('Content-Type', 'application/json')
        .PUT(HttpRequest.BodyPublishers.ofString(groovy.json.JsonOutput.toJson([promise: promise]))))
    if (state.promise != promise) throw new IllegalStateException('asked for ' + promise + ', the server gives ' + state)
    def said = 'mysql innodb_flush_log_at_trx_commit=' + state.mysql.flushLogAtTrxCommit + '; sqlite-tuned ' + state.sqliteTuned.journalMode +
        ' synchronous=' + state.sqliteTuned.synchronous + '; sqlite ' + state.sqlite.journalMode + ' synchronous=' + state.sqlite.synchronous
    if (!end && first) {
        def fsync = call(HttpRequest.newBuilder(URI.create(base + '/fsync?writes=300')).GET())
        said += '; fsync p50 ' + fsync.p50Micros + ' us, p99 ' + fsync.p99Micros + ' us, max ' + fsync.maxMicros + ' us of ' + fsync.writes + ' ' + fsync.bytes + '-byte writes'
    }
    SampleResult.setResponseMessage(said)
    SampleResult.setResponseData(said, 'UTF-8')
    if (several) engine.meet('after ' + label, [:])
} catch (Exception e) {
    SampleResult.setSuccessful(false)
    SampleResult.setResponseCode('500')
    SampleResult.setResponseMessage(label + ' failed: ' + e.message)
}
