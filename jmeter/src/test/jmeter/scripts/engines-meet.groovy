// Where one engine acts for all (a reset before the load, an audit after it), every engine sharing the plan's load meets
// (scripts/engines.groovy; the key: this thread group's name), so that no engine loads before the reset is done and the
// audit starts only when every engine's load is over. Each hands in its tally of the unit (tally-from-zero.groovy: the
// requests it saw acknowledged, sent, ...) and gets the sum over all engines as variables `tally.<name>`, which the
// audit compares with the server's count. Alone, an engine meets itself. A meeting that fails fails this sample and
// stops the plan's further steps (engines-met.groovy says why at its end).
def group = ctx.getThreadGroup().getName()
SampleResult.setSampleLabel('engines meet at ' + group)
def engine = props.get('chatlab.engine')
def tally = (props.get('chatlab.tally') ?: [:]).collectEntries { k, v -> [(k): v.get()] }
try {
    if (props.get('chatlab.enginesFailed') != null) throw new IllegalStateException(props.get('chatlab.enginesFailed') as String)
    if (engine?.meet == null) throw new IllegalStateException('plan ' + vars.get('plan') + ' did not run scripts/engines.groovy in its setUp')
    def met = engine.meet('meet ' + group, [tally: tally])
    met.collectMany { (it.tally ?: [:]).keySet() }.toSet().each { name ->
        vars.put('tally.' + name, String.valueOf(met.sum { ((it.tally ?: [:])[name] ?: 0) as long }))
    }
    SampleResult.setIgnore()
} catch (Exception e) {
    props.putIfAbsent('chatlab.enginesFailed', e.message ?: e.toString())
    SampleResult.setSuccessful(false)
    SampleResult.setResponseCode('409')
    SampleResult.setResponseMessage('the engines did not meet at ' + group + ': ' + (e.message ?: e.toString()))
}
