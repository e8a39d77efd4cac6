// The counters' duet (counters.jmx, "view duet block <n>"), on which the counters verdict rests: viewDuetBlocks blocks a
// round, numbered through the run (round r's from (r - 1) × blocks + 1; the warm round's are warm-up), each one
// open-model load of viewDuetRate views/s for viewDuetSeconds s whose every arrival counts one view in a store and mode
// drawn at random from viewDuetContenders ("<store> <mode>", comma-separated), so that every contender meets the same
// instants of the machine. viewDuetControl's A/A twin `<store> <mode> again` draws its share too and counts on room
// viewTwinRoom: its hot row is as contended as its original's, and its count is audited apart. The twin's requests carry
// the planted difference when the run plants one (`slowed`): an open-model view that waits adds its wait to its own
// latency, where a rush at saturation would hide it. Every block starts from zero counts, so the log mode's table holds
// only the block's views, and ends with the audit of every contender. The closed-loop units run unless skipPaths names
// `threads:*` (the judged round: no verdict rests on them). Puts `counters.duet` and `counters.closedLoop`.
import org.apache.jmeter.threads.JMeterContextService
def fail = { String why -> SampleResult.setSuccessful(false); SampleResult.setResponseMessage(why) }
def stores = ['mysql', 'sqlite', 'sqlite-tuned']
def modes = ['counter', 'log']
def names = (vars.get('viewDuetContenders') ?: '').split(',').collect { it.trim().split(/\s+/).join(' ') }.findAll { it }
def wrong = names.findAll { def w = it.split(' '); w.size() != 2 || !(w[0] in stores) || !(w[1] in modes) }
if (names.size() < 2 || wrong) return fail('viewDuetContenders must name at least two "<store> <mode>" (stores ' + stores + ', modes ' + modes + '), was ' + vars.get('viewDuetContenders'))
if (names.toSet().size() != names.size()) return fail('viewDuetContenders names one contender twice: ' + names)
def control = (vars.get('viewDuetControl') ?: '').trim().split(/\s+/).join(' ')
if (control && !(control in names)) return fail("viewDuetControl $control is not one of viewDuetContenders " + names)
def room = vars.get('viewRoom') as long
def twinRoom = vars.get('viewTwinRoom') as long
if (control && twinRoom == room) return fail("viewTwinRoom must differ from viewRoom ($room): the twin's count is audited apart")
def planted = vars.get('planted') == 'true'
def contenders = names.collect { [contender: it, store: it.split(' ')[0], mode: it.split(' ')[1], room: room, slowed: false] }
if (control) contenders << [contender: control + ' again', store: control.split(' ')[0], mode: control.split(' ')[1], room: twinRoom, slowed: planted]
int blocks = (vars.get('viewDuetBlocks') ?: '0') as int
int round = (vars.get('round') ?: '1') as int
double rate = (props.get('chatlab.engine')?.share ?: { it })((vars.get('viewDuetRate') ?: '0') as double)
def seconds = vars.get('viewDuetSeconds') ?: '0'
def endWhenIdle = props.get('chatlab.endWhenIdle') ?: evaluate(new File(vars.get('scripts'), 'end-open-group-when-idle.groovy')).tap { props.put('chatlab.endWhenIdle', it) }
// A block runs at one durability promise when viewDuetPromises names any (duet-promise.groovy, as the sends' duet):
// only the stores that keep it join, named `<store> <mode> <promise>` (the twin `<store> <mode> <promise> again`).
def promises = props.get('chatlab.duetPromise')
if (promises == null) { promises = evaluate(new File(vars.get('scripts'), 'duet-promise.groovy')); props.put('chatlab.duetPromise', promises) }
def byBlock = new java.util.concurrent.ConcurrentHashMap()
def promiseSettings = [duetPromises: vars.get('duetPromises'), arrivalSeed: vars.get('arrivalSeed')]
// The twin's planted basis: a view's server time is too small a part of its latency on a busy host for a share of it to
// show (planted 25 % of it, the twin read 1.15x its original in a smoke run), so the twin asks the server to wait a share
// of its original's average so far in the block, as this engine saw it (X-Chatlab-Planted: <microseconds>).
def newBasis = evaluate(new File(vars.get('scripts'), 'planted-basis.groovy'))
def bases = new java.util.concurrent.ConcurrentHashMap()
def atBlock = { String label ->
    byBlock.computeIfAbsent(label) {
        def block = label.startsWith('duet block ') ? label.substring('duet block '.length()) as int : 0
        def promise = block > 0 ? promises.of(promiseSettings, block) : null
        if (promise == null) return contenders
        contenders.findAll { it.store in promises.gives[promise] }.collect { c ->
            def twin = c.contender.endsWith(' again')
            c + [contender: (c.contender - ' again') + ' ' + promise + (twin ? ' again' : '')]
        }
    }
}
props.put('counters.duet', [
    contenders: contenders,
    blocks: blocks,
    // Whether plan slot k runs a block in this round.
    runs: { int k -> k <= blocks },
    label: { int k -> round < 1 ? 'warm-up' : 'duet block ' + ((round - 1) * blocks + k) },
    // The contenders of the block labelled `label` (`duet block <n>`, `warm-up`): those that keep its promise.
    at: atBlock,
    // Notes one view of `contender` in the block labelled `label` that took `ms` (the twin's own are not noted).
    see: { String label, String contender, long ms -> bases.computeIfAbsent(label) { newBasis() }.see(contender, ms) },
    // The planted header's value for the twin `contender` in the block labelled `label` (planted-basis.groovy).
    basis: { String label, String contender -> bases.computeIfAbsent(label) { newBasis() }.basis(contender) },
    // One arrival's contender in the block labelled `label`, drawn at random.
    draw: { String label ->
        def list = atBlock(label)
        list[java.util.concurrent.ThreadLocalRandom.current().nextInt(list.size())]
    },
    // Slot k's schedule: JMeter 5.6 counts it from the start of the whole test (apache/jmeter#6352), hence the leading
    // pause; 2 s after the last arrival what still runs is cut and fails, and once nothing runs the group ends at once.
    schedule: { int k ->
        long now = System.currentTimeMillis()
        def pause = 'pause(' + (now - JMeterContextService.getTestStartTime()) + ' ms)'
        if (k > blocks || rate <= 0) return pause
        endWhenIdle(now + (long) ((seconds as double) * 1000), 2000L)
        pause + ' rate(' + rate + '/s) random_arrivals(' + seconds + ' s) rate(' + rate + '/s) pause(2 s)'
    },
])
def skipped = evaluate(new File(vars.get('scripts'), 'skip-paths.groovy'))
props.put('counters.closedLoop', !skipped('counters', 'threads'))
SampleResult.setIgnore()
