// Runs the load run's plans one after another in one JVM, each exactly as `jmeter -n -t <plan> ...` runs it: JMeter's
// own command-line start, with its properties loaded afresh from its files and the run's -J options, its own results,
// log and dashboard; a plan on JMeter engines (-R) is sent to them from this JVM as JMeter's command line sends it. A
// JMeter process of its own per plan and round spent 8-13 s that measured nothing (the JVM's start, the plan's load,
// Groovy compiling the plan's scripts in a cold JVM, the exit), 17 times a main run. rounds.groovy starts it with
// JMeter's class path: `java -cp <JMeter's jars> groovy.ui.GroovyMain runner.groovy <runs.json>`, each run {label, log,
// args}. RunnerScriptTest runs it, on this machine and on an engine.
import groovy.json.JsonSlurper
import org.apache.jmeter.JMeter
import org.apache.jmeter.engine.StandardJMeterEngine
import org.apache.jmeter.reporters.ResultCollector
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
// The result files JMeter's listeners hold open; a listener closes its file when its test has ended on every engine.
def openFiles = ResultCollector.getDeclaredField('files').tap { it.accessible = true }

/**
 * Waits for the end of a plan sent to engines. When every engine has ended, JMeter ends the test in a thread of its
 * own, RemoteTestStopper: it sleeps 5 s for the listeners to close their files, tidies up RMI, writes the dashboard
 * and prints the end of the run. Once every result file is closed that sleep waits for nothing and is woken, unless a
 * dashboard follows it (an interrupted thread could not write one).
 */
def awaitEngines = { List options ->
    Thread stopper
    while ((stopper = Thread.allStackTraces.keySet().find { it.name == 'RemoteTestStopper' }) == null) sleep(100)
    if (!('-e' in options)) {
        while (!(openFiles.get(null) as Map).isEmpty()) sleep(50)
        stopper.interrupt()
    }
    stopper.join()
}

def runs = new JsonSlurper().parse(new File(args[0]))
runs.eachWithIndex { run, i ->
    println "chatlab load ${run.label}"
    // JMeter's launcher names the log file before logging starts; here each plan's log starts afresh in its own file.
    System.setProperty('jmeter.logfile', run.log as String)
    Configurator.reconfigure()
    // The plan's JMeter stays in this JVM at its end (no forced exit, no check for threads left that an exit would
    // end) and listens on no UDP port for a shutdown.
    def options = (run.args as List) +
        ['-Jjmeterengine.force.system.exit=false', '-Jjmeter.exit.check.pause=0', '-Jjmeterengine.nongui.port=0']
    if ('-R' in options) {
        new JMeter().start(options as String[])
        awaitEngines(options)
    } else {
        def ended = new Ended()
        StandardJMeterEngine.register(ended)
        new JMeter().start(options as String[])
        // JMeter's start exits the JVM (1) on an error; a plan it did not start at all (a usage error) has no engine.
        def engine = engineField.get(null) as StandardJMeterEngine
        if (engine == null && ended.latch.count > 0) {
            System.err.println("JMeter did not start ${run.label}: see ${run.log}")
            System.exit(2)
        }
        engine?.awaitTermination(Duration.ofDays(1))
        ended.latch.await()
    }
    // A connection a plan left open would otherwise stay open into the next plan (a process of its own closed them all
    // at its exit): what nothing references any more is collected now, and its sockets closed with it.
    System.gc()
}
System.exit(0)
