// Who must enter which fan-out room first: users 1..loadUsers are members of every open room already (the seed), so
// for each room of more members (and the trials' A/A twin room, fanoutTwinRoom, of fanoutTrialMembers), users
// loadUsers+1..members enter it once (POST .../enter; a member entering again is
// answered at once). Each entry is one HTTP sample of this list, taken in order.
SampleResult.setIgnore()
def numbers = { String list -> (list ?: '').split(',').collect { it.trim() }.findAll { it }.collect { it as long } }
def sizes = numbers(vars.get('fanoutMembers'))
def rooms = numbers(vars.get('fanoutRooms'))
def loadUsers = vars.get('loadUsers') as long
def pending = new ArrayDeque()
// With several engines each enters its own members (every count-th user from index + 1, as fanout-steps.groovy takes
// them): this plan's schedules (its setUp) set chatlab.engine just before.
def engine = props.get('chatlab.engine')
def mine = { long user -> (user - 1) % (engine.count as int) == (engine.index as int) }
def twin = (vars.get('fanoutTwinRoom') ?: '0') as long
def twinRoom = twin > 0 && vars.get('fanoutBlocks') && (vars.get('fanoutBlocks') as double) > 0 ? [[(vars.get('fanoutTrialMembers') ?: '0') as double as long, twin]] : []
// (A Groovy range runs downward when its end is below its start: a room of no more than loadUsers needs no one.)
([sizes, rooms].transpose() + twinRoom).each { size, room -> if (size > loadUsers) ((loadUsers + 1)..size).each { if (mine(it)) pending.add([room, it]) } }
vars.putObject('pending', pending)
