// Runs the load run's plans on this machine one after another in one JVM, each exactly as `jmeter -n -t <plan> ...` runs
// it: JMeter's own command-line start, with its properties loaded afresh from its files and the run's -J options, its
// own results, log and dashboard. A JMeter process of its own per plan and round spent 8-13 s that measured nothing
// (the JVM's start, the plan's load, Groovy compiling the plan's scripts in a cold JVM, the exit), 17 times a main run.
// rounds.groovy starts it with JMeter's class path: `java -cp <JMeter's jars> groovy.ui.GroovyMain runner.groovy
// <runs.json>`, each run {label, log, args}; plans on JMeter engines (-R) keep a process each. RunnerScriptTest runs it.
import groovy.json.JsonSlurper
import org.apache.jmeter.JMeter
import org.apache.jmeter.engine.StandardJMeterEngine
import org.apache.jmeter.testelement.TestStateListener
import org.apache.logging.log4j.core.config.Configurator

import java.time.Duration
import java.util.concurrent.CountDownLatch

/** Told by the engine when a plan's test has ended: after every listener of the plan, its dashboard included. */
class Ended implements TestStateListener {
    final CountDownLatch latch = new CountDownLatch(1)
    void testStarted() {}
    void testStarted(String host) {}
    void testEnded() { latch.countDown() }
    void testEnded(String host) { latch.countDown() }
}

// The engine a plan runs on: JMeter keeps the running one, and forgets it when its test has ended.
def engineField = StandardJMeterEngine.getDeclaredField('engine').tap { it.accessible = true }
def runs = new JsonSlurper().parse(new File(args[0]))
runs.eachWithIndex { run, i ->
    println "chatlab load ${run.label}"
    // JMeter's launcher names the log file before logging starts; here each plan's log starts afresh in its own file.
    System.setProperty('jmeter.logfile', run.log as String)
    Configurator.reconfigure()
    def ended = new Ended()
    StandardJMeterEngine.register(ended)
    // The plan's JMeter stays in this JVM at its end (no forced exit) and listens on no UDP port for a shutdown.
    new JMeter().start(((run.args as List) + ['-Jjmeterengine.force.system.exit=false', '-Jjmeterengine.nongui.port=0']) as String[])
    // JMeter's start exits the JVM (1) on an error; a plan it did not start at all (a usage error) has no engine.
    def engine = engineField.get(null) as StandardJMeterEngine
    if (engine == null && ended.latch.count > 0) {
        System.err.println("JMeter did not start ${run.label}: see ${run.log}")
        System.exit(2)
    }
    engine?.awaitTermination(Duration.ofDays(1))
    ended.latch.await()
    // A connection a plan left open would otherwise stay open into the next plan (a process of its own closed them all
    // at its exit): what nothing references any more is collected now, and its sockets closed with it.
    System.gc()
}
System.exit(0)
