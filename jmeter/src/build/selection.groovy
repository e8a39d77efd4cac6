// What the load run runs, from its settings: which experiments' plans (-Dexperiments=a,b), whether the plans run on
// JMeter engines and which (-Djmeter.remotes, -Djmeter.twoEngines), and which further server deployments start. Run by
// gmavenplus at `initialize`, after build-helper has reserved the engines' ports; it sets Maven properties that the
// plugins' executions read:
//   on.history, on.sends, on.sqlite          true when that experiment is selected (the history and sends plans carry
//                                            sqlite's read paths and stores, and run only the selected paths)
//   skip.<plan>                              false when the plan runs: history and sends for their own experiment or
//                                            sqlite; seats, counters, pool and fanout for their own
//   fanout.deployments                       server.deployments when the fan-out runs, else empty
//   jmeter.remote, jmeter.serverList         whether the plans run on engines, and which (loopback: the build's own)
//   jmeter.engine.skip, jmeter.engine2.skip  false when the build starts its first (second) loopback engine
//   server.profileArguments                  with -Dprofile=<experiments>: the JDK Flight Recorder option every server
//                                            JVM starts with, recording into chatlab.recordings (emptied first)
// -DskipTests runs nothing. Every value is a plain function of the settings (SelectionScriptTest checks them).

def setting = { String name -> session.userProperties.getProperty(name) ?: project.properties.getProperty(name) ?: '' }
def set = { String name, Object value -> project.properties.setProperty(name, value.toString()) }

boolean running = setting('skipTests') != 'true'
List<String> experiments = setting('experiments').split(',')*.trim().findAll { it }
def selected = { String name -> running && name in experiments }

['history', 'sends', 'sqlite'].each { set("on.$it", selected(it)) }
set('skip.history', !(selected('history') || selected('sqlite')))
set('skip.sends', !(selected('sends') || selected('sqlite')))
['seats', 'counters', 'pool', 'fanout'].each { set("skip.$it", !selected(it)) }
set('fanout.deployments', selected('fanout') ? setting('server.deployments') : '')

List<String> profiled = setting('profile').split(',')*.trim().findAll { it }
List<String> known = project.properties.getProperty('experiments').split(',')*.trim()
if (!(profiled - known).isEmpty())
    throw new IllegalArgumentException("-Dprofile names experiments whose units are profiled (${known.join(',')}), not ${(profiled - known).join(',')}")
File recordings = new File(setting('chatlab.recordings'))
if (running && profiled) { recordings.deleteDir(); recordings.mkdirs() } // JFR writes into a folder only when it exists
set('server.profileArguments', running && profiled ? "-XX:StartFlightRecording:filename=${recordings}/,settings=profile,dumponexit=true" : '')

String remotes = setting('jmeter.remotes')
if (remotes.startsWith('loopback') && !(remotes in ['loopback', 'loopback:1', 'loopback:2']))
    throw new IllegalArgumentException("-Djmeter.remotes names JMeter engines: loopback (one engine the build starts), " +
        "loopback:2 (two), or host:port,host:port,... (engines you started); the build starts at most two on loopback, not '$remotes'")
boolean twoEngines = setting('jmeter.twoEngines') == 'true'
String first = "127.0.0.1:${setting('jmeter.enginePort')}"
String second = "127.0.0.1:${setting('jmeter.enginePort2')}"
set('jmeter.remote', running && !remotes.isEmpty())
set('jmeter.serverList', remotes in ['loopback', 'loopback:1'] ? first : remotes == 'loopback:2' ? "$first,$second" : remotes)
set('jmeter.engine.skip', !(running && (remotes in ['loopback', 'loopback:1', 'loopback:2'] || twoEngines)))
set('jmeter.engine2.skip', !(running && (remotes == 'loopback:2' || twoEngines)))
log.info("chatlab: experiments ${experiments.findAll { selected(it) }.join(',') ?: 'none'}; " +
    "plans on ${remotes ?: 'this JVM'}${twoEngines ? ' (second rounds on two loopback engines)' : ''}")
