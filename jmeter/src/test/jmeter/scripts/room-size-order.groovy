// Entering a room: 200, JSON, the room asked for, and its latest 20 messages as a page of that room (page-checks.groovy).
def checks = props.get('chatlab.pageChecks')
if (checks == null) { checks = evaluate(new File(vars.get('scripts'), 'page-checks.groovy')); props.put('chatlab.pageChecks', checks) }
def fail = { String why -> AssertionResult.setFailure(true); AssertionResult.setFailureMessage(why) }
def body = checks.answered(prev, fail)
if (body == null) return
def room = vars.get('roomId') as long
if ((body.room?.id as Long) != room) { fail("entered room ${body.room?.id}, expected ${room}"); return }
def problem = checks.page(body.messages?.messages, room, 20)
if (problem != null) fail(problem)
