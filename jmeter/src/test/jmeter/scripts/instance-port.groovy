// Which server instance this thread loads, decided once per thread: a JSR223 pre-processor at plan level (before every
// sampler), or beside the first sampler that needs it (the sends plan: before a send iteration's open). With several
// instances (-Dserver.instances=N) the threads take them round robin by thread number: the instance list is the one the
// preflight plan kept from /actuator/info (fleet.urls), read once per plan. One instance, or no list (a plan run on its
// own), keeps every thread on `port`. Lab calls (drain, resets, audits) go to `port`, the first instance, which answers
// for the whole fleet.
if (vars.get('instancePort') != null) return
def ports = props.get('chatlab.instancePorts')
if (ports == null) {
    synchronized (props) {
        ports = props.get('chatlab.instancePorts')
        if (ports == null) {
            def info = props.getProperty('infoFile')
            def file = info ? new File(info) : null
            def urls = file?.isFile() ? new groovy.json.JsonSlurper().parse(file)?.fleet?.urls : null
            ports = urls ? urls.collect { String.valueOf(URI.create(it).port) } : [vars.get('port')]
            props.put('chatlab.instancePorts', ports)
            if (ports.size() > 1) log.info("spreading threads over ${ports.size()} instances: ports ${ports.join(', ')}")
        }
    }
}
vars.put('instancePort', ports[ctx.threadNum % ports.size()])
