// How every Open Model Thread Group of this plan gets its schedule: each calls the closure below when it starts.
// JMeter 5.6 counts an open-model schedule from the start of the whole test, not of its own thread group
// (apache/jmeter#6352), so a group that starts later would fire every arrival it "missed" at once; each schedule
// therefore begins with a pause as long as the test has already run. A capacity step holds when its p95 stays within
// `slo` ms and no sample failed (the report applies the same rule to the samples). While the path holds, the ladder
// climbs: through the listed rates (every other one while p95 stays under a quarter of the SLO; fan-out: every one), then doubling past the
// last one (up to `maxRate`, when set); never by more than x2 past them, since a step far beyond the capacity leaves a
// backlog and garbage that slow the steps after it. After its first miss,
// steps bisect (geometrically) between the highest rate held and the lowest missed until the two lie within 20 % (at
// most `refineSteps`); a step that follows a missed one waits `openTimeout` first, so that the missed step's backlog
// has ended on the server too (a held step answered everything within its tail, so the next starts at once; stand-in
// paths keep their listed ladder and are not refined). Later rounds start near the capacity (below); a fan-out room
// whose p95 at the first rate took half the SLO runs that rate first in every round (fanout-steps.groovy's floorFirst).
// The fan-out plan's steps ('fanout' shape, one path per room size, "<members> members") climb the same way through
// `fanoutRates` offered deliveries per second, within `fanoutSlo`; what a step of theirs holds: fanout-steps.groovy.
import org.apache.jmeter.threads.JMeterContextService
def numbers = { String list -> (list ?: '').split(',').collect { it.trim() }.findAll { it }.collect { it as double } }
def fmt = { double d -> d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d) }
def rates = numbers(vars.get('capacityRates'))
def standInRates = numbers(vars.get('standInRates'))
def maxRate = (vars.get('maxRate') ?: '0') as double
// A plan binds what its shapes use (the fan-out plan no chat mix, for example).
def number = { String name -> (vars.get(name) ?: '0') as double }
def stepSeconds = number('stepSeconds')
def refineSteps = number('refineSteps') as int
def warmupSeconds = number('warmupSeconds')
def slo = number('slo')
def mixRate = number('mixRate')
def mixSeconds = number('mixSeconds')
def standInMixRate = number('standInMixRate')
def standInMixSeconds = number('standInMixSeconds')
def openTimeout = number('openTimeout')
def fanoutRates = numbers(vars.get('fanoutRates'))
def fanoutSlo = number('fanoutSlo')
def fanoutSteps = fanoutRates.isEmpty() ? null : evaluate(new File(vars.get('scripts'), 'fanout-steps.groovy'))
// The fan-out's blocks of trials at one load ('fanout trial' shape, one group per trial slot): fanout-trials.groovy.
def fanoutTrials = fanoutSteps == null ? null : evaluate(new File(vars.get('scripts'), 'fanout-trials.groovy'))(fanoutSteps.deployments)
// The engines sharing this plan's load (engines.groovy): each offers its share of every rate, and they meet before
// every unit, so that every engine's ladder decides on every engine's samples of the step before.
def engines = evaluate(new File(vars.get('scripts'), 'engines.groovy'))
// The duet twin's planted basis, one per block (planted-basis.groovy).
def plantedBasis = evaluate(new File(vars.get('scripts'), 'planted-basis.groovy'))
// Paths served by the in-memory MongoDB stand-in get short windows of their own; the preflight's server info says
// whether MongoDB is the stand-in (embedded stack) or a real server.
def standIns = (vars.get('standInPaths') ?: '').split(',').collect { it.trim() }.findAll { it }
def info = vars.get('infoFile') ? new File(vars.get('infoFile')) : null
def mongoStandIn = false
if (info != null && info.isFile()) {
    def mongo = new groovy.json.JsonSlurper().parse(info)?.backends?.mongodb
    if (mongo != null && mongo.origin != 'stand-in') standIns = []
    mongoStandIn = mongo?.origin == 'stand-in'
}
// Which paths run (in a shape: reference, capacity, mix, fanout): the SQLite ones with the sqlite experiment
// (sqlitePaths), the instrument's ceiling whenever the plan runs, the others with this plan's own (chatPaths); none that
// skipPaths names (skip-paths.groovy: the judged rounds 4-5 skip what no verdict rests on, measured in rounds 1-3).
def skipped = evaluate(new File(vars.get('scripts'), 'skip-paths.groovy'))
def laterRoundStart = evaluate(new File(vars.get('scripts'), 'later-round-start.groovy'))
def endWhenIdle = evaluate(new File(vars.get('scripts'), 'end-open-group-when-idle.groovy'))
def on = { String path, String shape = null ->
    skipped(path, shape) ? false : path.startsWith('instrument') ? vars.get('sqlitePaths') == 'true' || vars.get('chatPaths') == 'true'
        : path.startsWith('sqlite') ? vars.get('sqlitePaths') == 'true' : vars.get('chatPaths') == 'true'
}
props.put('chatlab.on', on)
def steps = new java.util.concurrent.ConcurrentHashMap()
props.put('chatlab.steps', steps)
props.put('chatlab.record', evaluate(new File(vars.get('scripts'), 'step-record.groovy')))
props.put('chatlab.standIns', standIns)
props.remove('chatlab.current')
// p95 of whole-millisecond times as the report reads it: each time stands for its ±0.5 ms interval, interpolated.
def p95 = { List times ->
    double rank = 0.95 * times.size()
    int below = 0
    int i = 0
    while (i < times.size()) {
        def value = times[i] as double
        int same = 0
        while (i < times.size() && (times[i] as double) == value) { same++; i++ }
        if (below + same >= rank) {
            double low = Math.max(value - 0.5d, 0d)
            return low + (value + 0.5d - low) * Math.min(1d, Math.max(0d, (rank - below) / same))
        }
        below += same
    }
    return (times[-1] as double) + 0.5d
}
// A step's p95, null before any sample; and its p95 when it held (nothing failed, p95 within its SLO), else null.
def p95Of = { String key ->
    def step = steps.get(key)
    step == null || step.times.isEmpty() ? null : p95(step.times.toList().sort())
}
def heldP95 = { String key, double limit ->
    def value = p95Of(key)
    value == null || steps.get(key).failed.get() || value > limit ? null : value
}
// The rungs above `low`: the listed rates, then doubling past the last (real backends only), never above maxRate.
def rungsAbove = { List ladder, double low, boolean extend ->
    def rungs = new ArrayList(ladder)
    if (extend && !ladder.isEmpty()) {
        double next = ladder[-1] * 2
        while (rungs.size() < ladder.size() + 16 && (maxRate <= 0 || next <= maxRate)) { rungs.add(next); next *= 2 }
    }
    rungs.findAll { it > low && (maxRate <= 0 || it <= maxRate) }
}
// Capacities earlier rounds of this run found (kept beside units.csv): a later round starts at 84 % of them
// (later-round-start.groovy) and climbs by x1.41 from there (stepping down by halves if that start misses), so its
// time goes to the steps near the capacity instead of the rungs every earlier round held.
def ladderFile = vars.get('unitsFile') ? new File(new File(vars.get('unitsFile')).getParentFile(), 'ladders.csv') : null
def earlier = [:].withDefault { [] }
def earlierLines = ladderFile != null && ladderFile.isFile() ? ladderFile.readLines().findAll { it.split(',').size() == 2 } : []
earlierLines.collect { it.split(',') }.each { earlier[it[0]] << (it[1] as double) }
// This round's highest rate held per path so far, written out with the earlier rounds' after every step, so a path
// whose ladder runs out of step slots before it ends is kept too.
def found = new java.util.concurrent.ConcurrentHashMap()
def keep = { ->
    // With several engines the first writes it (they found the same ladders: they decided on the same samples).
    if (ladderFile == null || engines.index != 0) return
    synchronized (found) { ladderFile.text = (earlierLines + found.collect { k, v -> k + ',' + fmt(v) }).collect { it + '\n' }.join('') }
}
def ladderKey = { String path -> vars.get('measured') + ' [' + path + ']' }
// Every path on MongoDB (cached or not; the sends' mongo store) runs, while MongoDB is the stand-in, in the first
// `standInRounds` rounds of the run only (0: every round): no verdict rests on the stand-in, and its units cost more
// than any other (a stand-in read takes seconds). A path's rounds so far are its lines in the ladder file. The cache's
// warm path (`mongo-redis-keyset warm`) runs every round: every read it measures is a Redis hit.
// The reference shape runs in the first `referenceRounds` rounds only (0: every round): it reproduces the public plan beside
// its figure, a closed model that no verdict rests on. The instrument's paths (no store: the ceiling of this load generator and
// server) run in the first `instrumentRounds` rounds only; 0, the default, runs them in every round: a ceiling from one
// round carries that round's state, and a first round run cold put it at 951/s where a warm one reached 2,263/s.
// The read and send capacity ladders but the instrument's (`capacityRounds`), the chat mix (`mixRounds`) and the
// fan-out's ladders (`fanoutLadderRounds`) run in the first rounds only likewise (0: every round): no verdict rests on
// them (history's, the sends' and the sqlite verdicts on the duets, the fan-out's on its blocks of trials), and the main
// command's 30 minutes go to the blocks every verdict rests on.
def standInRounds = (vars.get('standInRounds') ?: '0') as int
def referenceRounds = (vars.get('referenceRounds') ?: '0') as int
def instrumentRounds = (vars.get('instrumentRounds') ?: '0') as int
def capacityRounds = (vars.get('capacityRounds') ?: '0') as int
def mixRounds = (vars.get('mixRounds') ?: '0') as int
def fanoutLadderRounds = (vars.get('fanoutLadderRounds') ?: '0') as int
// The warm round (rounds.groovy) runs no path on the stand-in: it warms what round 1 measures for a verdict.
def warmRound = vars.get('warmRound') == 'true'
def everyRound = on
on = { String path, String shape = null ->
    def rounds = earlier.containsKey(ladderKey(path)) ? earlier[ladderKey(path)].size() : 0
    def onStandIn = mongoStandIn && path.startsWith('mongo') && !path.endsWith(' warm')
    everyRound(path, shape) && !(onStandIn && (warmRound || standInRounds > 0 && rounds >= standInRounds)) &&
        !(referenceRounds > 0 && shape == 'reference' && rounds >= referenceRounds) &&
        !(capacityRounds > 0 && shape == 'capacity' && !path.startsWith('instrument') && rounds >= capacityRounds) &&
        !(mixRounds > 0 && shape == 'mix' && rounds >= mixRounds) &&
        !(fanoutLadderRounds > 0 && shape == 'fanout' && rounds >= fanoutLadderRounds) &&
        !(instrumentRounds > 0 && path.startsWith('instrument') && rounds >= instrumentRounds)
}
props.put('chatlab.on', on)
// A closed group's threads (the reference shape): this engine's share of `total`, none when its path does not run in this
// round (or the engines could not meet: engines.groovy).
props.put('chatlab.threads', { String path, String shape, int total -> on(path, shape) ? engines.threads(total) : 0 })
// Whether the unit a drain precedes (drain.groovy: `reference <path>`, `capacity <path>`, `mix <path>`, `fanout room <slot>`)
// runs anything in this round: a drain before a skipped unit waited for an idle server before nothing, 1-10 s a unit
// (70 s of history's judged round in one main run). Every other unit runs.
props.put('chatlab.unitRuns', { String unit ->
    def shaped = unit =~ /^(reference|capacity|mix) (.+)$/
    if (shaped.matches()) return on(shaped.group(2), shaped.group(1))
    def room = unit =~ /^fanout room (\d+)$/
    if (room.matches() && fanoutSteps != null) return fanoutSteps.slot(room.group(1))?.path?.with { on(it, 'fanout') } ?: false
    true
})
// What earlier rounds found for a path (real backends only): a later round brackets it instead of climbing from the bottom.
def earlierOf = { String path -> earlier.containsKey(ladderKey(path)) ? earlier[ladderKey(path)] : [] }
// A fan-out room's delivery p95 at the ladder's first rate, kept per round beside its capacity (fanout-steps.groovy's
// floorFirst: a room whose p95 sits near the SLO at any rate runs that rate in every round). A room size's floors on
// every deployment count for each: the report compares the deployments by their p95 at a rate they all ran.
def floorKey = { String path -> ladderKey(path) + ' floor' }
def floorsOf = { String path ->
    def members = fanoutSteps.membersOf(path)
    earlier.findAll { k, v -> k.endsWith('] floor') && fanoutSteps.membersOf(k.substring(k.indexOf('[') + 1)) == members }.values().flatten()
}
// Per path, this round's ladder so far: the highest rate held (and its p95), the lowest missed, refinements run.
def ladders = new java.util.concurrent.ConcurrentHashMap()
// A schedule's opening pause: JMeter counts it from the test's start (apache/jmeter#6352).
def pauseUntil = { long at -> 'pause(' + (at - JMeterContextService.getTestStartTime()) + ' ms)' }
props.put('chatlab.schedule', { String shape, String path, int step ->
    def now = System.currentTimeMillis()
    long startsAt = now // when the step's arrivals begin; its schedule opens with a pause until then
    def pause = pauseUntil(startsAt)
    def fanout = shape == 'fanout'
    def trial = shape == 'fanout trial'
    Map extra = [:]
    if (fanout) {
        // The fan-out plan names its room slot (1, 2, ...), which names a room size and its room.
        def slot = fanoutSteps.slot(path)
        path = slot?.path
        if (slot != null) extra = [room: slot.room, ports: slot.ports, deployment: slot.deployment]
    } else if (trial) {
        // A trial group names its slot in the round's shuffled trials (`step`).
        def slot = fanoutTrials?.call(step)
        path = slot?.path
        if (slot != null) extra = [room: slot.room, ports: slot.ports, deployment: slot.deployment, label: slot.label]
    }
    // Engines that could not meet run no more steps (a tearDown sampler, engines-met.groovy, fails the plan with why).
    if (path == null || !on(path, shape) || props.get('chatlab.enginesFailed') != null) {
        props.remove('chatlab.current')
        return pause
    }
    // With several engines: hand in this engine's samples of the path's last step, and take every engine's instead.
    def previous = (shape == 'capacity' || fanout) && step > 1 ? ladders.get(path)?.last?.key : null
    def local = previous == null ? null : steps.get(previous)
    def met
    try {
        met = engines.count == 1 ? [[now: now]] : engines.meet(shape + ' ' + path + ' ' + step, [now: now, step: previous] +
            (local == null ? [:] : [times: engines.histogram(local.times), failed: local.failed.get()]))
        if (met.collect { it.step }.toSet().size() != 1) throw new IllegalStateException('the engines met at ' + shape + ' ' + path + ' ' + step +
            ' after different steps: ' + met.collect { it.step } + ' (each engine must run the same plan with the same properties and earlier rounds)')
    } catch (Exception e) {
        // Thrown from here, the group's schedule would be empty and JMeter would wait for it for ever.
        props.put('chatlab.enginesFailed', e.message ?: e.toString())
        props.remove('chatlab.current')
        return pause
    }
    if (engines.count > 1) {
        if (local != null) {
            local.times.clear()
            local.times.addAll(engines.merged(met.collect { it.times ?: [:] }))
            if (met.any { it.failed }) local.failed.set(true)
        }
        // The step starts now, when the last engine came; the fan-out's messages carry one tag on every engine.
        now = System.currentTimeMillis()
        startsAt = now
        pause = pauseUntil(startsAt)
    }
    def tag = Long.toString(met.collect { it.now as long }.min(), 36)
    def standIn = !fanout && path in standIns
    def ladder = fanout ? fanoutRates : standIn ? standInRates : rates
    def limit = fanout ? fanoutSlo : slo
    double rate
    double seconds
    String label
    if (shape == 'capacity' || fanout) {
        if (step <= 1) {
            def laterStart = standIn ? null : laterRoundStart(earlierOf(path), ladder[0] as double)
            // A fan-out room at its floor runs the first rate, then goes on as any later round (`then`).
            def floorFirst = fanout && laterStart != null && laterStart > ladder[0] && fanoutSteps.floorFirst(floorsOf(path), limit)
            ladders.put(path, [low: 0d, lowP95: null, high: null, refined: 0, last: null, later: laterStart != null,
                               start: floorFirst ? ladder[0] : laterStart ?: ladder[0], then: floorFirst ? laterStart : null])
        }
        def ladderOf = ladders.get(path)
        boolean lastMissed = false
        if (ladderOf.last != null) {
            def held = heldP95(ladderOf.last.key, limit)
            lastMissed = held == null
            if (held != null && ladderOf.last.rate > ladderOf.low) {
                ladderOf.low = ladderOf.last.rate
                ladderOf.lowP95 = held
            }
            else if (held == null) ladderOf.high = ladderOf.high == null ? ladderOf.last.rate : Math.min(ladderOf.high, ladderOf.last.rate)
            if (fanout && ladderOf.last.rate == (ladder[0] as double)) {
                def floor = p95Of(ladderOf.last.key)
                if (floor != null) found.put(floorKey(path), floor)
            }
            ladderOf.last = null
            found.put(ladderKey(path), ladderOf.low)
            keep()
        }
        Double next = null
        if (step <= 1) next = ladderOf.start
        else if (ladderOf.then != null) {
            // After a floor room's first rate: held, its later round starts near the capacity found; missed, the round's
            // capacity lies below it (the report's rule: the highest rate held with every lower rate its round ran held)
            // and its ladder ends, as a first round's would.
            next = lastMissed ? null : ladderOf.then
            ladderOf.then = null
        } else if (ladderOf.high == null && ladderOf.later) {
            // A later round climbs from just below the earlier rounds' capacity by x1.41, then bisects.
            double up = Math.round(ladderOf.low * Math.sqrt(2d))
            next = maxRate > 0 && up > maxRate ? (maxRate > ladderOf.low ? maxRate : null) : up
        } else if (ladderOf.high == null) {
            def above = rungsAbove(ladder, ladderOf.low, !standIn)
            // The listed rates are fine enough for a slow machine; on a fast one, while p95 stays under a quarter of
            // the SLO, every other listed rate is skipped (x4), so a first round's step slots last until it has
            // refined its capacity. Past the listed rates the ladder never climbs by more than x2.
            // Fan-out ladders never skip: in trials a first jump by x4 (250 to 1000 offered deliveries/s in a room of 10)
            // missed at a p95 of 592 ms where x2 steps held 1682/s.
            int skip = !standIn && !fanout && ladderOf.lowP95 != null && ladderOf.lowP95 <= limit / 4 && above.size() > 1 && above[1] <= ladder[-1] ? 1 : 0
            next = above.isEmpty() ? null : above[skip]
        } else if (ladderOf.low == 0 && ladderOf.later && ladderOf.high > ladder[0]) {
            // A later round whose first step missed steps down by halves (never below the ladder's first rate) until one holds.
            next = Math.max(ladder[0], (double) Math.round(ladderOf.high / 2))
        } else if (ladderOf.low > 0 && ladderOf.refined < refineSteps && !standIn && ladderOf.high / ladderOf.low > 1.2d) {
            double middle = Math.round(Math.sqrt(ladderOf.low * ladderOf.high))
            if (middle > ladderOf.low && middle < ladderOf.high) {
                next = middle
                ladderOf.refined++
            }
        }
        if (next == null) {
            props.remove('chatlab.current')
            return pause
        }
        rate = next
        seconds = step == 0 ? warmupSeconds : stepSeconds
        // A fan-out step lasts for enough messages, its warm-up may last longer and ramp up (fanout-steps.groovy).
        if (fanout && step > 0) seconds = fanoutSteps.seconds(path, rate, seconds) as double
        def warmUp = fanout && step == 0 ? fanoutSteps.warmUp(extra.deployment as String, seconds, rate, earlierOf(path).isEmpty()) : null
        if (warmUp != null) seconds = warmUp.seconds as double
        label = step == 0 ? 'warm-up' : 'capacity@' + fmt(rate)
        if (step > 0) ladderOf.last = [key: path + ' ' + label, rate: rate]
        long delay = lastMissed ? (long) openTimeout : 0L
        startsAt = now + delay
        pause = pauseUntil(startsAt)
        if (fanout) {
            // Senders and members arrive first, the members subscribing, then the messages (fanout-steps.groovy).
            def fanoutStep = fanoutSteps.step(path, extra.room as long, extra.ports as List, warmUp != null ? warmUp.rate as double : rate, seconds, now, delay,
                [count: engines.count, index: engines.index, tag: tag])
            extra = fanoutStep.extra + [rampFrom: warmUp != null ? engines.share(rate / (fanoutStep.extra.members as int) / 4) : fanoutStep.extra.sendRate]
            pause = pause + fanoutStep.arrivals
        }
    } else if (trial) {
        // A trial: one fan-out step at fanoutTrialRate for fanoutTrialSeconds (a round's warm-up trial twice as long),
        // whatever the others found; the report pairs the trials of a block.
        rate = number('fanoutTrialRate')
        label = extra.label as String
        seconds = number('fanoutTrialSeconds') * (label == 'warm-up' ? 2 : 1)
        def fanoutStep = fanoutSteps.step(path, extra.room as long, extra.ports as List, rate, seconds, now, 0L,
            [count: engines.count, index: engines.index, tag: tag])
        extra = fanoutStep.extra + [rampFrom: fanoutStep.extra.sendRate]
        pause = pause + fanoutStep.arrivals
    } else if (shape == 'duet') {
        // History's and the sends' verdicts (their plans' duet groups): one open-model load whose every arrival goes to a
        // path or store drawn at random (reader-action-query-and-label.groovy, user-token-clientmessageid.groovy), the
        // A/A twin among them, so every contender meets the same instants of the machine. The plan binds `duetPaths`,
        // `duetControl`, `duetRate`, `duetSeconds`, `duetBlocks` to its own settings. A round runs `duetBlocks` blocks,
        // numbered through the run; the warm round's are warm-up. A path on the MongoDB stand-in never joins: no
        // verdict rests on the stand-in. The contenders are the plan's own verdict: when the plan's experiment runs, every
        // one joins (the sends' SQLite stores too, whether or not the sqlite experiment runs beside it).
        int blocks = number('duetBlocks') as int
        def own = { String it -> vars.get('chatPaths') == 'true' && !skipped(it, shape) }
        def contenders = (vars.get('duetPaths') ?: '').split(',').collect { it.trim() }
            .findAll { it && (on(it, shape) || own(it)) && !(mongoStandIn && it.startsWith('mongo') && !it.endsWith(' warm')) }
        if (step > blocks || contenders.size() < 2) {
            props.remove('chatlab.current')
            return pause
        }
        int round = number('round') as int
        // The sends' blocks each run at one durability promise (duet-promise.groovy): only the stores that keep it
        // join, named `<store> <promise>`; the promise sampler before the block has put the server at it.
        def promises = props.get('chatlab.duetPromise')
        if (promises == null) { promises = evaluate(new File(vars.get('scripts'), 'duet-promise.groovy')); props.put('chatlab.duetPromise', promises) }
        def promise = step == 0 || round < 1 ? null : promises.of(vars, (round - 1) * blocks + step)
        def control = vars.get('duetControl')?.trim()
        if (promise != null) {
            contenders = contenders.findAll { it in promises.gives[promise] }.collect { it + ' ' + promise }
            if (control) control = control + ' ' + promise
        }
        if (control in contenders) contenders << control + ' again'
        rate = number('duetRate')
        seconds = step == 0 ? warmupSeconds : number('duetSeconds')
        label = step == 0 || round < 1 ? 'warm-up' : 'duet block ' + ((round - 1) * blocks + step)
        def planted = vars.get('planted') == 'true'
        // One arrival's draw, for both plans' scripts: its contender, and whether it carries the planted mark (the twin's).
        def draw = { ->
            def target = contenders[java.util.concurrent.ThreadLocalRandom.current().nextInt(contenders.size())]
            [target: target, slowed: planted && target.endsWith(' again')]
        }
        // The twin's planted basis, for a plan that asks for it (history's: a read's server time is too small a part of
        // its latency on a busy host for a share of it to show, as the counters' was): its original's average answer so
        // far in this block, as this engine saw it, in microseconds (X-Chatlab-Planted: <microseconds>), or `true` (a
        // share of the server's own time) before the original has one. `see` notes each measured answer (record-step.groovy).
        def planting = plantedBasis()
        extra = [contenders: contenders, planted: planted, draw: draw, see: planting.see, basis: planting.basis]
    } else {
        rate = standIn ? standInMixRate : mixRate
        seconds = step == 0 ? warmupSeconds : (standIn ? standInMixSeconds : mixSeconds)
        label = step == 0 ? 'warm-up' : 'mix'
    }
    def key = path + ' ' + label
    steps.put(key, [times: new java.util.concurrent.ConcurrentLinkedQueue(), failed: new java.util.concurrent.atomic.AtomicBoolean()])
    props.put('chatlab.current', [shape: shape, path: path, label: label, key: key, warmup: step == 0 || label == 'warm-up'] + extra)
    if (fanout || trial) return pause + fanoutSteps.messages(extra.sendRate as double, seconds, extra.rampFrom as double)
    // After the last arrival the group waits `tail` ms, then interrupts what is still running: long enough for every
    // answer within the SLO (capacity, warm-ups) or within openTimeout (the measured mix and duet); what it cuts is a failure.
    // Once nothing runs after the last arrival, the group ends without waiting out the tail (end-open-group-when-idle.groovy).
    def tail = (shape == 'mix' || shape == 'duet') && step > 0 ? openTimeout : Math.max(250d, 4 * slo)
    def mine = engines.share(rate)
    endWhenIdle(startsAt + (long) (seconds * 1000), (long) tail)
    return pause + ' rate(' + fmt(mine) + '/s) random_arrivals(' + fmt(seconds) + ' s) rate(' + fmt(mine) + '/s) pause(' + fmt(tail) + ' ms)'
})
SampleResult.setIgnore()
