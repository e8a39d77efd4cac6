// The fan-out plan's part of the schedule every capacity ladder shares (open-model-schedules.groovy, which loads this
// once and climbs the ladder): which room size a room slot runs, what one step of it holds, and how its arrivals go.
// Each step first lets the room's members arrive and subscribe, then its senders arrive at the offered deliveries per
// second divided by the members (fanout-arrival.groovy); the members read until every message sent reached them, or
// until fanoutLostAfter after the last send, and the last one out audits the step (fanout-leave.groovy).
def numbers = { String list -> (list ?: '').split(',').collect { it.trim() }.findAll { it }.collect { it as double } }
def fmt = { double d -> d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d) }
def number = { String name -> (vars.get(name) ?: '0') as double }
def joinRate = number('fanoutJoinRate')
def settle = number('fanoutSettle')
def lostAfter = number('fanoutLostAfter')
def openTimeout = number('openTimeout')
def sizes = numbers(vars.get('fanoutMembers'))
def rooms = numbers(vars.get('fanoutRooms'))
return [
    // The room slot (1, 2, ...) names a room size of `fanoutMembers` and its room of `fanoutRooms`; a slot past them runs nothing.
    slot: { String slot ->
        int n = slot as int
        n <= sizes.size() && n <= rooms.size() ? [path: fmt(sizes[n - 1]) + ' members', room: (long) rooms[n - 1]] : null
    },
    // One step at `rate` offered deliveries per second for `seconds`, starting `delay` ms after `now`: its state (who
    // arrived, which members subscribed, what was sent and acknowledged, what each member received) and the members'
    // arrivals, evenly at fanoutJoinRate, then a pause of fanoutSettle ms before the senders.
    step: { String path, long room, double rate, double seconds, long now, long delay ->
        def members = path.split(' ')[0] as int
        def joinSeconds = members / joinRate
        def sendEndsAt = now + delay + (long) (joinSeconds * 1000) + (long) settle + (long) (seconds * 1000)
        [extra: [room: room, members: members, sendRate: rate / members, fanout: [
            room: room, members: members, tag: Long.toString(now, 36), sendEndsAt: sendEndsAt,
            lostAt: sendEndsAt + (long) lostAfter, arrivals: new java.util.concurrent.atomic.AtomicInteger(),
            subscribed: new java.util.concurrent.CountDownLatch(members), sending: new java.util.concurrent.atomic.AtomicInteger(),
            sent: new java.util.concurrent.ConcurrentLinkedQueue(), received: new java.util.concurrent.ConcurrentHashMap(),
            left: new java.util.concurrent.atomic.AtomicInteger(members)]],
         arrivals: ' rate(' + fmt(joinRate) + '/s) even_arrivals(' + fmt(joinSeconds) + ' s) pause(' + fmt(settle) + ' ms)']
    },
    // The senders' arrivals for `seconds`, then the tail: JMeter waits for all of it (an Open Model Thread Group ended
    // early by stop() hangs the serialized test), so fanoutLostAfter is kept short; 2 × openTimeout leave the audit its time.
    senders: { double sendRate, double seconds ->
        ' rate(' + fmt(sendRate) + '/s) random_arrivals(' + fmt(seconds) + ' s) rate(' + fmt(sendRate) + '/s) pause(' + fmt(lostAfter + 2 * openTimeout) + ' ms)'
    },
]
