// A frame arrived: ours ends the wait; another room's or user's message is skipped; an ERROR fails.
if (!prev.isSuccessful()) {
    vars.put('awaiting', 'false')
    return
}
def frame = prev.getResponseDataAsString()
def reads = (vars.get('reads') as int) + 1
vars.put('reads', String.valueOf(reads))
if (frame.startsWith('ERROR')) {
    prev.setSuccessful(false)
    prev.setResponseMessage('server sent ERROR: ' + frame.take(300))
    vars.put('awaiting', 'false')
    return
}
if (frame.startsWith('MESSAGE') && frame.contains(vars.get('clientMessageId'))) {
    def body = new groovy.json.JsonSlurper().parseText(frame.substring(frame.indexOf('\n\n') + 2).replace('\u0000', ''))
    def problem = null
    if ((body.senderId as String) != vars.get('userId')) problem = "broadcast sender ${body.senderId}, expected ${vars.get('userId')}"
    else if ((body.roomId as String) != vars.get('roomId')) problem = "broadcast room ${body.roomId}, expected ${vars.get('roomId')}"
    else if (!(body.id instanceof Number) || body.sentAt == null) problem = 'broadcast without a stored id and sentAt'
    if (problem != null) {
        prev.setSuccessful(false)
        prev.setResponseMessage(problem)
    }
    vars.put('awaiting', 'false')
} else if (reads >= (vars.get('maxReads') as int)) {
    prev.setSuccessful(false)
    prev.setResponseMessage("our message was not delivered within ${reads} frames")
    vars.put('awaiting', 'false')
}
