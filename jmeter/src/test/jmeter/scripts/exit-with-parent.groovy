// JMeter's start-up script (property jsr223.init.file): a JMeter that the build started exits when the build's JVM does.
// The loopback engine (-Djmeter.remotes=loopback) runs in the background for every plan of the run; without this it would
// outlive a build that ended, failed or was stopped. A plan's own JMeter exits at its plan's end anyway.
def parent = ProcessHandle.current().parent().orElse(null)
if (parent != null) {
    parent.onExit().thenRun {
        log.info('The process that started this JMeter ({}) has ended: exiting', parent.pid())
        System.exit(0)
    }
}
