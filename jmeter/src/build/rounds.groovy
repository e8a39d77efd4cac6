// The load run: the preflight, the warm-up, the warm round, then the selected experiments' plans in interleaved rounds
// (round 1: history, sends, seats, counters, pool, fan-out; round 2: the same; ...), one after another in one JMeter JVM
// (runner.groovy) on the JMeter the plugin's configure goal installed, each on this machine or sent to JMeter engines.
// Rounds 1 to chatlab.rounds run every selected plan in full; the rounds after them, up to chatlab.judgedRounds, run
// what a verdict rests on (history and sends on the paths their verdicts compare, the other plans whole), so that every
// verdict rests on the median of three rounds (five with -Pthorough) and no cold round decides it. With jmeter.twoEngines every round after the first runs on both
// loopback engines, sharing the load. Run by gmavenplus at integration-test; RoundsScriptTest checks which runs it
// plans.

/** The plans of the experiments, in the order a round runs them. */
static List<String> plans() { ['history', 'sends', 'seats', 'counters', 'pool', 'fanout'] }

/**
 * What the warm round (chatlab.warmRound, after the warm-up) changes in a plan: every selected plan once, unmeasured,
 * before round 1, so that more of the server's and JMeter's JIT compiling happens before anything is measured. After
 * the warm-up alone, the server's compiler threads ran 126 s during round 1's 593 s and 30 s during round 2's 410 s
 * (JMeter's 114 s and 23 s), and round 1's MySQL and SQLite read capacities held 0-71 % of round 2's (mysql-offset
 * below the first step against 71/s, sqlite-tuned-keyset 141 against 397/s, mysql-keyset 238 against 336/s); with the
 * warm round, round 1 compiled 84 s (one run). Each plan runs shorter here: steps of 1 s, no refinement, one room size
 * of the fan-out, two pool sizes, the counters' shorter units, no path on the MongoDB stand-in (`warmRound`: no verdict
 * rests on one, and a stand-in read takes seconds). Its samples, units and ladders land in warm-round/ (arguments), so
 * round 1's ladders still start at their first rate; the report reads its samples as warm-up samples only.
 */
static Map<String, String> warmRound(String plan) {
    [warmRound: 'true', refineSteps: '0', round: '0'] + [
        history: [stepSeconds: '1', mixSeconds: '1', threads: '0', readDuetBlocks: '1'],
        sends: [sendStepSeconds: '1', threads: '0', sendDuetBlocks: '1'],
        seats: [:],
        counters: [viewDuetSeconds: '1', viewDuetBlocks: '1', viewRequests: '300'],
        pool: [poolSizes: '4,64', poolSeconds: '1', poolBlocks: '1', poolControl: ''],
        fanout: [fanoutStepSeconds: '1', fanoutMembers: '100', fanoutRooms: '79', fanoutTrialMembers: '100', fanoutBlocks: '1'],
    ][plan]
}

/**
 * What a judged round (after chatlab.rounds) leaves out of a plan: history's reference shape, mix and capacities, the
 * sends' stand-in and capacities, the counters' closed-loop units and the fan-out's capacity ladders, on which no verdict
 * rests (history's, the sends', the counters' and the sqlite verdicts rest on the duets' blocks, the fan-out's on its
 * blocks of trials). Seats and the pool run whole: with two rounds,
 * round 1 ran while the JIT compilers were still busy (the server's 126 s of compiling in round 1 against 30 s in
 * round 2), so a median of two was half a cold round and their verdicts changed between two runs in one clone.
 */
static String judged(String plan) {
    [history: 'reference:mysql-keyset,mix:*,capacity:*', sends: 'mongo,capacity:*', seats: '', counters: 'threads:*', pool: '', fanout: 'fanout:*'][plan]
}

/**
 * The runs, in order: [plan, round (0 before the rounds), engines (host:port list, empty: this JMeter), properties of
 * its own, and warm: true in the warm round]. [selected] holds the plans that run; [remotes] the engines every plan runs
 * on, [twoEngines] both loopback engines for the rounds after the first; [skipPaths] the run's own setting, which a
 * judged round's list adds to; [warm] runs the warm round.
 */
static List<Map> runs(Collection<String> selected, int rounds, int judgedRounds, String remotes, String twoEngines, String skipPaths = '',
                      boolean warm = false) {
    def out = [[plan: 'preflight', round: 0, engines: remotes, properties: [:]], [plan: 'warm-up', round: 0, engines: remotes, properties: [:]]]
    if (warm) plans().findAll { it in selected }.each { plan ->
        out << [plan: plan, round: 0, warm: true, engines: remotes, properties: warmRound(plan)]
    }
    (1..Math.max(rounds, judgedRounds)).each { round ->
        plans().findAll { it in selected }.each { plan ->
            def extra = round > rounds
            def engines = round > 1 && twoEngines ? twoEngines : remotes
            def properties = [round: round as String]
            if (engines != remotes) properties.engineList = engines
            if (extra && judged(plan)) properties.skipPaths = [skipPaths, judged(plan)].findAll { it }.join(',')
            // The fan-out's deployments served the warm round: round 1 warms each as briefly as a later round does.
            if (warm && round == 1 && plan == 'fanout') properties.fanoutFirstWarmUpSeconds = '0'
            out << [plan: plan, round: round, engines: engines, properties: properties]
        }
    }
    out
}

/** The folder of a run's results, log and dashboard under theirs: none before the rounds, warm-round/, round-N/ in round N. */
static String folder(Map run) { run.warm ? 'warm-round/' : run.round == 0 ? '' : "round-${run.round}/" }

/** JMeter's arguments for one run, as its command line takes them. */
static List<String> arguments(Map run, Map<String, String> jmeter) {
    def args = ['-d', jmeter.home, '-n', '-t', "${jmeter.plans}/${run.plan}.jmx", '-l', "${jmeter.results}/${folder(run)}${run.plan}.csv",
        '-j', logFile(run, jmeter)]
    if (jmeter.dashboards == 'true' && !run.warm) args += ['-e', '-o', "${jmeter.reports}/${folder(run)}${run.plan}"]
    // The warm round's units and ladders stay in its folder. (An empty -G value would not reach an engine: JMeter reads
    // `-Gname=` as a file of properties to send.)
    def properties = run.properties + (run.warm ? [unitsFile: "${jmeter.results}/${folder(run)}units.csv"] : [:])
    properties.each { k, v -> args << "-J$k=$v" }
    if (run.engines) {
        args += ['-R', run.engines, "-G${jmeter.home}/bin/global.properties"]
        properties.each { k, v -> args << "-G$k=$v" }
    }
    args.collect { it.toString() }
}

/** Where one run's JMeter log goes. */
static String logFile(Map run, Map<String, String> jmeter) { "${jmeter.logs}/${folder(run)}${run.plan}.log" }

/** The JVM options of every JMeter this script starts. */
static List<String> jvm(String java) { [java, '-Djava.awt.headless=true', '-Xms512m', '-Xmx2048m'] }

/** The command of the load run: runner.groovy on JMeter's class path, reading the runs from [runsFile]. */
static List<String> runnerCommand(Map<String, String> jmeter, String java, String runner, String runsFile) {
    def home = jmeter.home
    jvm(java) + ["-Djmeter.home=$home", "-Dlog4j.configurationFile=$home/bin/log4j2.xml",
        '-cp', ["$home/bin/${jmeter.jar}", "$home/lib/*", "$home/lib/ext/*"].join(File.pathSeparator),
        'groovy.ui.GroovyMain', runner, runsFile].collect { it.toString() }
}

if (binding.hasVariable('project')) {
    def p = project.properties
    def setting = { String name -> session.userProperties.getProperty(name) ?: p.getProperty(name) ?: '' }
    if (setting('skipTests') == 'true') return
    def target = project.build.directory
    def configuration = new groovy.json.JsonSlurper().parse(new File(target, 'config.json')).configurations.find { it.executionID == 'configuration' }
    def jmeter = [home: configuration.jmeterDirectoryPath, jar: configuration.runtimeJarName, plans: "$target/plans",
        results: "$target/jmeter/results", reports: "$target/jmeter/reports", logs: "$target/jmeter/logs", dashboards: setting('jmeter.dashboards')]
    def selected = plans().findAll { setting("skip.$it") == 'false' }
    def two = setting('jmeter.twoEngines') == 'true' && setting('jmeter.remote') == 'true'
        ? "127.0.0.1:${setting('jmeter.enginePort')},127.0.0.1:${setting('jmeter.enginePort2')}" : ''
    def settings = new Properties()
    new File(target, 'conf/settings.properties').withReader('UTF-8') { settings.load(it) } // settings.groovy's, at initialize
    def all = runs(selected, setting('chatlab.rounds') as int, setting('chatlab.judgedRounds') as int,
        setting('jmeter.remote') == 'true' ? setting('jmeter.serverList') : '', two, settings.getProperty('skipPaths', ''),
        setting('chatlab.warmRound') == 'true')
    def java = new File(System.getProperty('java.home'), 'bin/java').path
    def label = { Map run -> "${all.indexOf(run) + 1}/${all.size()}: ${run.plan}${run.warm ? ' warm round' : run.round ? " round ${run.round}" : ''}${run.engines ? " on ${run.engines}" : ''}" }
    def specs = all.collect { [label: label(it), log: logFile(it, jmeter), args: arguments(it, jmeter)] }
    // JMeter writes results, log and dashboard only into folders that exist.
    specs*.args.each { args -> ['-l', '-j', '-o'].findAll { it in args }.each { new File(args[args.indexOf(it) + 1]).parentFile.mkdirs() } }
    def runsFile = new File(target, 'jmeter/runs.json')
    runsFile.text = groovy.json.JsonOutput.toJson(specs)
    def cmd = runnerCommand(jmeter, java, new File(project.basedir, 'src/build/runner.groovy').path, runsFile.path)
    def exit = new ProcessBuilder(cmd).directory(new File(jmeter.home, 'bin')).inheritIO().start().waitFor()
    if (exit != 0) throw new IllegalStateException("JMeter ended with $exit in the plan it started last (above; ${cmd.join(' ')})")
}
this
