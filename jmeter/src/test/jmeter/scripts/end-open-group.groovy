// Ends an Open Model Thread Group as soon as the threads it is running are done, however much of its schedule is left.
// JMeter's serialized run waits for a group by awaiting the termination of the group's thread pool
// (OpenModelThreadGroup.waitThreadsStopped), which the schedule's starter shuts down only at the schedule's end; shut down
// gracefully now, the pool lets every thread still running finish (the caller's, a sender in flight), starts no new
// one, and the run goes on when they are done. (stop() would cancel the starter instead, and the test would hang.)
// Returns whether it ended the group: false for another kind of group, or a JMeter whose group keeps no such pool.
return { group ->
    if (group == null || group.getClass().name != 'org.apache.jmeter.threads.openmodel.OpenModelThreadGroup') return false
    def field = group.getClass().declaredFields.find { it.name == 'executorService' }
    if (field == null) return false
    field.accessible = true
    def pool = field.get(group)
    if (!(pool instanceof java.util.concurrent.ExecutorService)) return false
    pool.shutdown()
    return true
}
