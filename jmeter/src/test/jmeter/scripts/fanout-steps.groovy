// The fan-out plan's part of the schedule every capacity ladder shares (open-model-schedules.groovy, which loads this
// once and climbs the ladder): which room size a room slot runs, what one step of it holds, and how its arrivals go.
// Each step first lets its senders (fanoutSenders clients that hold their connection) and the room's members arrive,
// the members subscribing; then its messages arrive at the offered deliveries per second divided by the members, each
// handed to a sender (fanout-arrival.groovy); the members read until every message sent reached them, or until
// fanoutLostAfter after the last send, and the last one out audits the step (fanout-leave.groovy).
def numbers = { String list -> (list ?: '').split(',').collect { it.trim() }.findAll { it }.collect { it as double } }
def fmt = { double d -> d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d) }
def number = { String name -> (vars.get(name) ?: '0') as double }
// A room's path ("500 members", "500 members on relay-2") names its members first.
def membersOf = { String path -> path.split(' ')[0] as int }
def joinRate = number('fanoutJoinRate')
def senders = number('fanoutSenders') as int
if (senders < 1) throw new IllegalStateException('fanoutSenders is ' + vars.get('fanoutSenders') + ': a step needs a sender to carry its messages')
def settle = number('fanoutSettle')
def lostAfter = number('fanoutLostAfter')
def openTimeout = number('openTimeout')
def warmUpSeconds = number('fanoutWarmUpSeconds')
def firstWarmUpSeconds = number('fanoutFirstWarmUpSeconds')
def roundWarmUpSeconds = number('fanoutRoundWarmUpSeconds')
def warmUpRate = number('fanoutWarmUpRate')
def minMessages = number('fanoutMinMessages')
def sizes = numbers(vars.get('fanoutMembers'))
def rooms = numbers(vars.get('fanoutRooms'))
// The deployments loaded in turn: the server's further deployments (/actuator/info → fleet.deployments, kept by the
// preflight) when it started any, each named (relay-2) with its instances' ports; else the fleet itself, unnamed.
def info = vars.get('infoFile') ? new File(vars.get('infoFile')) : null
def fleet = info != null && info.isFile() ? new groovy.json.JsonSlurper().parse(info)?.fleet : null
def portsOf = { List urls -> urls.collect { String.valueOf(URI.create(it).port) } }
def deployments = fleet?.deployments ? fleet.deployments.collect { [name: it.name, ports: portsOf(it.urls)] }
    : [[name: null, ports: fleet?.urls ? portsOf(fleet.urls) : [vars.get('port')]]]
// A room size on a deployment is one slot, one of the plan's room thread groups (`fanoutSlots`): a run that needs more
// would leave its last rooms unmeasured, unsaid, so it stops here.
def slots = number('fanoutSlots')
if (slots > 0 && sizes.size() * deployments.size() > slots) throw new IllegalStateException(
    "${sizes.size()} room sizes on ${deployments.size()} deployments need ${sizes.size() * deployments.size()} room slots; the fan-out plan holds ${fmt(slots)}: " +
        'run fewer sizes (fanoutMembers) or deployments (-Dserver.deployments), or give fanout.jmx more room groups')
// The deployments this plan has warmed (each round runs the plan, and these scripts, afresh).
def warmed = java.util.concurrent.ConcurrentHashMap.newKeySet()
return [
    // The deployments, in the server's order: [name (null: the fleet itself), ports].
    deployments: deployments,
    // A room's path ("500 members on relay-2") → its members (500).
    membersOf: membersOf,
    // The room slot (1, 2, ...) names a room size of `fanoutMembers`, its room of `fanoutRooms` and a deployment: each
    // size on every deployment in turn, so a drift of the machine over the run touches every deployment alike. Its
    // path is "<members> members", "... on <deployment>" with deployments; a slot past them runs nothing.
    slot: { String slot ->
        int n = (slot as int) - 1
        int size = n.intdiv(deployments.size())
        def deployment = deployments[n % deployments.size()]
        size < sizes.size() && size < rooms.size() ? [path: fmt(sizes[size]) + ' members' + (deployment.name ? ' on ' + deployment.name : ''),
            room: (long) rooms[size], ports: deployment.ports, deployment: deployment.name ?: ''] : null
    },
    // The first warm-up a round's plan runs on a deployment lasts fanoutWarmUpSeconds (fanoutFirstWarmUpSeconds in the
    // run's first round, when the deployment's instances have served nothing yet), its senders' rate rising from a quarter
    // of the step's `rate` to fanoutWarmUpRate offered deliveries per second when that is higher (a deployment's
    // instances are cold before their first step); later warm-ups last `seconds`, at `rate`. The plan's very first
    // warm-up lasts fanoutRoundWarmUpSeconds at least: after a pause for the other plans, the round's first measured step
    // otherwise ran slower than a higher rate did elsewhere in the run (jmeter/README.md).
    warmUp: { String deployment, double seconds, double rate, boolean firstRound ->
        if (!warmed.add(deployment)) return null
        def first = firstRound ? Math.max(warmUpSeconds, firstWarmUpSeconds) : warmUpSeconds
        if (warmed.size() == 1) first = Math.max(first, roundWarmUpSeconds)
        first > seconds ? [seconds: first, rate: Math.max(rate, warmUpRate)] : null
    },
    // Whether a later round runs the ladder's first rate before it starts near the capacity earlier rounds found: when
    // the first rate's delivery p95 took half the SLO or more in an earlier round (`floors`), one message's way to every
    // member sets the room's p95 at any rate, its capacity is a knife edge at the SLO, and the report compares such
    // rooms by their p95 at the lowest rate, which then has every round's.
    floorFirst: { List floors, double slo -> floors.any { (it as double) >= slo / 2 } },
    // How long a measured step's senders run at `rate` offered deliveries per second: `seconds`, or long enough for
    // fanoutMinMessages messages on average when that is longer. A delivery p95 over one or two messages is one message's
    // way to every member (a room of 500 at 125/s sends one message in 4 s), not a rate's.
    seconds: { String path, double rate, double seconds ->
        def members = membersOf(path)
        minMessages > 0 && rate > 0 ? Math.max(seconds, Math.ceil(minMessages * members / rate)) : seconds
    },
    // One step at `rate` offered deliveries per second for `seconds`, starting `delay` ms after `now`: its state (who
    // arrived, which members subscribed, the messages waiting for a sender, what was sent and acknowledged, what each
    // member received, the ports its senders and members take round robin) and the arrivals of its fanoutSenders
    // senders, then of its members, evenly at fanoutJoinRate, then a pause of fanoutSettle ms before the messages, whose
    // senders wait for any member still unconfirmed (fanout-send.groovy): a member's chain (open, CONNECT, SUBSCRIBE)
    // ended 0.05-0.25 s after the last arrival, 1 s on a cold relay, so a fixed second mostly idled. A sender sees only
    // its own engine's members: the pause covers the others'. With several engines (`engine`: count, index and the
    // step's tag, one on all of them; engines.groovy) this engine's members are every count-th user from index + 1,
    // arriving over the same join time, and it offers its share of the rate with senders of its own: state.members
    // and sendRate are this engine's.
    step: { String path, long room, List ports, double rate, double seconds, long now, long delay, Map engine = [count: 1, index: 0] ->
        def members = membersOf(path)
        int count = engine.count as int
        if (members < count) throw new IllegalStateException('a room of ' + members + ' members cannot be shared by ' + count + ' engines: each needs a member')
        int mine = (members - (engine.index as int) + count - 1).intdiv(count)
        def joinSeconds = members / joinRate
        // This engine's senders arrive first, at its members' rate, so their connections are open before the step's CPU
        // is counted (fanout-subscribed.groovy): a chat user's connection is not a cost of each of its deliveries.
        def engineJoinRate = joinRate * mine / members
        def sendersSeconds = senders / engineJoinRate
        def sendEndsAt = now + delay + (long) ((sendersSeconds + joinSeconds) * 1000) + (long) settle + (long) (seconds * 1000)
        [extra: [room: room, members: members, sendRate: rate / members / count, fanout: [
            room: room, members: mine, senders: senders, engines: count, engine: engine.index as int, ports: ports, tag: engine.tag ?: Long.toString(now, 36),
            sendEndsAt: sendEndsAt, holdUntil: sendEndsAt + (long) (lostAfter / 4), lostAt: sendEndsAt + (long) lostAfter, arrivals: new java.util.concurrent.atomic.AtomicInteger(),
            subscribed: new java.util.concurrent.CountDownLatch(mine), subscribing: new java.util.concurrent.atomic.AtomicInteger(mine),
            cpuAtStart: new java.util.concurrent.atomic.AtomicReference(), waited: new java.util.concurrent.atomic.AtomicLong(),
            sending: new java.util.concurrent.atomic.AtomicInteger(), holding: new java.util.concurrent.atomic.AtomicInteger(),
            outbox: new java.util.ArrayDeque(), offered: new java.util.concurrent.atomic.AtomicInteger(),
            carried: new java.util.concurrent.atomic.AtomicInteger(), queued: new java.util.concurrent.atomic.AtomicLong(),
            sent: new java.util.concurrent.ConcurrentLinkedQueue(), received: new java.util.concurrent.ConcurrentHashMap(),
            left: new java.util.concurrent.atomic.AtomicInteger(mine)]],
         // JMeter truncates rate × duration to a count of arrivals: a hair more time keeps 170.99999 from being 170.
         arrivals: ' rate(' + fmt(engineJoinRate) + '/s) even_arrivals(' + fmt((sendersSeconds + joinSeconds) * (1 + 1e-9)) + ' s) pause(' + fmt(settle) + ' ms)']
    },
    // The messages' arrivals for `seconds` (rising from `from` per second), then the tail a step with late deliveries
    // needs: fanoutLostAfter, and 2 × openTimeout for the audit. A step whose last member leaves sooner ends then
    // (fanout-leave.groovy, end-open-group.groovy).
    messages: { double sendRate, double seconds, double from ->
        ' rate(' + fmt(from) + '/s) random_arrivals(' + fmt(seconds) + ' s) rate(' + fmt(sendRate) + '/s) pause(' + fmt(lostAfter + 2 * openTimeout) + ' ms)'
    },
]
