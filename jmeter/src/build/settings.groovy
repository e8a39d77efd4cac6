// The settings of this run, from one source: src/build/settings.properties (every setting with its default), then
// settings-<profile>.properties when a profile names one (chatlab.settings, e.g. smoke), then -Dload.<name>=<value>.
// Writes target/conf/user.properties and global.properties (the JMeter plugin's propertiesFilesDirectory: a local
// JMeter reads the first, every engine gets the second as -G), both with the properties the build derives (the port,
// the engines, the paths -Dexperiments selects, where results go); and target/conf/settings.properties, what the
// report shows and compares runs by. Run by gmavenplus at initialize, after selection.groovy; SettingsTest runs it too.

/** A properties file's settings in file order. */
static Map<String, String> read(File file) {
    def out = new LinkedHashMap<String, String>()
    if (!file.isFile()) return out
    def loaded = new Properties()
    file.withReader('UTF-8') { loaded.load(it) }
    file.readLines('UTF-8').findAll { it && !it.startsWith('#') && it.contains('=') }.each { line ->
        def key = line.substring(0, line.indexOf('=')).trim()
        out[key] = loaded.getProperty(key)
    }
    out
}

/** The settings: [defaults], then [profile]'s, then [overrides] (`load.<name>`); an unknown name fails. */
static Map<String, String> settings(Map<String, String> defaults, Map<String, String> profile, Map<String, String> overrides) {
    def out = new LinkedHashMap<String, String>(defaults)
    def given = profile + overrides.findAll { k, v -> k.startsWith('load.') }.collectEntries { k, v -> [k.substring(5), v] }
    def unknown = given.keySet() - defaults.keySet()
    if (unknown) throw new IllegalArgumentException("no such setting: ${unknown.sort().join(', ')} (see src/build/settings.properties)")
    out.putAll(given)
    out
}

static void write(File file, Map<String, String> values, String title) {
    file.parentFile.mkdirs()
    def props = new Properties()
    values.each { k, v -> props.setProperty(k, v ?: '') }
    file.withWriter('UTF-8') { props.store(it, title) }
}

if (binding.hasVariable('project')) {
    def p = project.properties
    def user = session.userProperties
    def setting = { String name -> user.getProperty(name) ?: p.getProperty(name) ?: '' }
    def build = new File(project.basedir, 'src/build')
    def profile = setting('chatlab.settings')
    def values = settings(read(new File(build, 'settings.properties')),
        profile ? read(new File(build, "settings-${profile}.properties")) : [:], user.collectEntries { k, v -> [k as String, v as String] })
    def target = project.build.directory
    // What the build derives, for every JMeter it runs.
    def derived = [
        port: setting('chatlab.port'), engineList: setting('jmeter.serverList'),
        historyPaths: setting('on.history'), sendsPaths: setting('on.sends'), sqlitePaths: setting('on.sqlite'),
        infoFile: "$target/jmeter/results/server-info.json", unitsFile: "$target/jmeter/results/units.csv",
        jmeterCpus: setting('jmeter.cpus'), scripts: "$target/plans/scripts",
        planted: ((setting('chatlab.planted') ?: '0') as double) > 0 ? 'true' : 'false',
    ]
    def jmeter = values + derived
    write(new File(target, 'conf/user.properties'), jmeter, 'chatlab: the plans\' settings for a local JMeter')
    write(new File(target, 'conf/global.properties'), jmeter, 'chatlab: the plans\' settings for every JMeter engine (-G)')
    // The report's: the settings but what changes from run to run of the same settings (ports, paths), and the run's shape.
    def report = values.findAll { k, v -> !(k in ['port', 'engineList', 'infoFile', 'unitsFile', 'jmeterCpus', 'round', 'planted']) } + [
        // The planted difference: the share the server slows the A/A twins' requests by (0: none). Not a load setting,
        // so a run without one does not count as one that changed a setting.
        plantedShare: setting('chatlab.planted') ?: '0',
        historyPaths: derived.historyPaths, sendsPaths: derived.sendsPaths, sqlitePaths: derived.sqlitePaths,
        deployments: setting('fanout.deployments'), mysqlPool: setting('server.mysqlPool'), sqlitePool: setting('server.sqlitePool'),
        instances: setting('server.instances'), broker: setting('server.broker'), experiments: setting('experiments'),
        remotes: setting('jmeter.remotes'), seedMessages: setting('server.seed.messages'), jmeter: setting('jmeter.version'),
        warmRound: setting('chatlab.warmRound'),
        // The JDK the server and JMeter run on (this Maven's): the same host reads the probe at about 14 ms on JDK 17 and
        // 4 ms on JDK 25, so runs on two JDKs are not like runs.
        jdk: System.getProperty('java.specification.version'),
    ]
    write(new File(target, 'conf/settings.properties'), report, 'chatlab: the settings the report shows and compares runs by')
    log.info("settings: ${values.size()} (${profile ?: 'defaults'}${user.keySet().any { it.toString().startsWith('load.') } ? ', -Dload.*' : ''})")
}
this
