// A member's read: a MESSAGE of its room becomes one delivery sample, timed from the SEND (the send time the message
// carries) to this member's receipt, and kept by the running step; a read that found nothing is no sample; anything
// else fails, and fails the step. The member keeps reading until every message sent has reached it, or until the step's
// lostAt (the audit then names what is missing).
import groovy.json.JsonSlurper

def state = vars.getObject('fanout')
def received = vars.getObject('received')
def frame = prev.getResponseDataAsString()
def nothing = frame.trim().isEmpty()
if (nothing) {
    // Nothing came in time (the plan's top-level filter already skips frames of EOLs only, the heart-beats a relayed
    // broker sends to members that asked for none). No sample, and the member reads on.
    prev.setIgnore()
} else if (frame.startsWith('MESSAGE')) {
    def split = frame.indexOf('\n\n')
    def headers = frame.substring(0, split).readLines().drop(1).collectEntries { line ->
        def colon = line.indexOf(':')
        [(line.substring(0, colon)): line.substring(colon + 1)]
    }
    def message = new JsonSlurper().parseText(frame.substring(split + 2).replace('\u0000', ''))
    received.add([id: message.id, sentAt: message.sentAt, room: message.roomId, clientMessageId: message.clientMessageId])
    def sentAt = (message.content =~ /^fanout (\d+)$/).with { it.find() ? it.group(1) as long : null }
    if (headers.destination != '/topic/chat-rooms.' + state.room || message.roomId != state.room || sentAt == null) {
        prev.setSuccessful(false)
        prev.setResponseMessage('not a fan-out message of room ' + state.room + ': ' + frame.take(300))
    } else {
        // setStartTime leaves the elapsed time as it was; setEndTime computes it again from the new start.
        def end = prev.getEndTime()
        prev.setStartTime(sentAt)
        prev.setEndTime(end)
        prev.setSampleLabel('delivery [' + vars.get('path') + '] ' + vars.get('shape'))
    }
} else {
    prev.setSuccessful(false)
    prev.setResponseMessage('expected a MESSAGE, got: ' + frame.take(300))
    vars.put('listening', 'false')
}
// The step's listener does not see the reads (a JSR223 element costs JMeter about 24 µs of CPU a call, and there is a
// read for every delivery): this script keeps for the step what the listener keeps for every other sampler.
if (!nothing) props.get('chatlab.record')?.call(prev, vars)
def now = System.currentTimeMillis()
// With several engines a member cannot know what the others' senders sent: it reads until lostAt (the group lasts that long anyway).
def everySent = (state.engines ?: 1) == 1 && now > state.sendEndsAt && state.sending.get() == 0 && received.size() >= state.sent.size()
if (everySent || now > state.lostAt) vars.put('listening', 'false')
// A read returns as soon as a frame comes, and otherwise waits until the step's lostAt: a read that timed out while a
// frame arrived lost that frame in the WebSocket sampler. With reads that timed out after 1 s while idle, a room of 500
// at 500 deliveries/s missed 317 of its 2,000 deliveries (3 and 314 of its first two messages, none of the next two),
// and a room of 100 lost the first message at the six members whose read timed out 10 to 30 ms after its SEND; the
// same run reading until lostAt missed none, and the server, read by another client, delivered 6,000 of 6,000 first
// messages to members who had just subscribed. A member that has everything may then wait until lostAt (up to
// fanoutLostAfter a step).
vars.put('readTimeout', String.valueOf(Math.max(1L, (state.lostAt as long) - now)))
