// The fan-out's blocks, on which its verdict rests: every round runs fanoutBlocks blocks, each one trial on every
// deployment and one of the A/A twin (fanoutControl again, on a room of its own, fanoutTwinRoom), in an order shuffled
// per block (trials.groovy, seed blockSeed), so that the host's drift falls on every deployment of a block alike. A
// trial is one fan-out step (fanout-steps.groovy) at one load, fanoutTrialRate offered deliveries per second to a room of
// fanoutTrialMembers for fanoutTrialSeconds, so that the trials compare what a delivery takes at the same load rather
// than where a ladder crossed the SLO. A round opens with one unmeasured trial per deployment (a later round runs no
// ladder before its blocks). Evaluated, it returns the closure
//   (deployments: [[name, ports]]) → (slot: 1, 2, ...) → [path, room, ports, deployment, label] or null past the round's
// trials; a path is "<members> members on <deployment>", the twin's "... on <deployment> again".
def numbers = { String list -> (list ?: '').split(',').collect { it.trim() }.findAll { it }.collect { it as double } }
def fmt = { double d -> d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d) }
def number = { String name -> (vars.get(name) ?: '0') as double }
def shuffled = evaluate(new File(vars.get('scripts'), 'trials.groovy'))
return { List deployments ->
    int blocks = number('fanoutBlocks') as int
    def members = number('fanoutTrialMembers')
    int size = numbers(vars.get('fanoutMembers')).indexOf(members)
    def rooms = numbers(vars.get('fanoutRooms'))
    if (blocks < 1 || size < 0 || size >= rooms.size() || deployments.isEmpty()) return { int slot -> null }
    // The fleet itself, when the server started no further deployment, is one contender named "fleet".
    def names = deployments.collect { it.name ?: 'fleet' }
    def control = vars.get('fanoutControl')?.trim()
    if (!(control in names)) control = names[0]
    def twinRoom = number('fanoutTwinRoom') as long
    def round = Math.max(number('round') as int, 1)
    def measured = shuffled(names, twinRoom > 0 ? control : null, blocks, (vars.get('blockSeed') ?: '1') as long, round, false, false)
    def trials = names.collect { [contender: it, twin: false, warm: true] } + measured
    // A round whose trials outnumber the plan's trial groups (`fanoutTrialSlots`) would leave its last blocks unrun, unsaid.
    def slots = number('fanoutTrialSlots')
    if (slots > 0 && trials.size() > slots) throw new IllegalStateException(
        "${trials.size()} fan-out trials a round (${names.size()} warm-ups, ${blocks} blocks of ${measured.size().intdiv(blocks)}) need more than the " +
            "plan's ${fmt(slots)} trial groups: run fewer blocks (fanoutBlocks) or deployments, or give fanout.jmx more trial groups")
    def prefix = fmt(members) + ' members on '
    return { int slot ->
        if (slot < 1 || slot > trials.size()) return null
        def trial = trials[slot - 1]
        def deployment = deployments[names.indexOf(trial.twin ? control : trial.contender)]
        [path: prefix + trial.contender, room: trial.twin ? twinRoom : (long) rooms[size], ports: deployment.ports,
         deployment: deployment.name ?: '', label: trial.warm ? 'warm-up' : 'trial block ' + trial.block]
    }
}
