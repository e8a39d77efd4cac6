// Checks shared by the assertions on pages of messages (read-page-checks, open-read-page-checks, room-size-order),
// evaluated once per JMeter and kept as the property chatlab.pageChecks:
// - answered(prev, fail): the parsed JSON body of a 200, else null after telling `fail` why not;
// - page(messages, room, size): null, or what is wrong with the page: every message in `room`, at most `size` of
//   them, newest first by (sentAt, id).
def answered = { prev, Closure fail ->
    if (prev.getResponseCode() != '200') { fail("HTTP ${prev.getResponseCode()}: ${prev.getResponseDataAsString().take(300)}"); return null }
    try {
        return new groovy.json.JsonSlurper().parseText(prev.getResponseDataAsString())
    } catch (Exception e) {
        fail("not JSON: ${prev.getResponseDataAsString().take(300)}")
        return null
    }
}
def page = { List messages, long room, int size ->
    if (messages == null) return 'no messages array'
    if (messages.size() > size) return "page holds ${messages.size()} messages, more than ${size}"
    def last = null
    for (m in messages) {
        if ((m.roomId as long) != room) return "message ${m.id} belongs to room ${m.roomId}, not ${room}"
        def key = [java.time.Instant.parse(m.sentAt).toEpochMilli(), m.id as long]
        if (last != null && (key[0] > last[0] || (key[0] == last[0] && key[1] >= last[1]))) return "not newest first at message ${m.id}"
        last = key
    }
    return null
}
return [answered: answered, page: page]
