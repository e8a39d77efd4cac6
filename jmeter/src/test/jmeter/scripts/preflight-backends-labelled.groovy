def info = new groovy.json.JsonSlurper().parseText(prev.getResponseDataAsString())
['mysql', 'mongodb', 'redis'].each { name ->
    def backend = info.backends?.get(name)
    if (!backend?.version || backend.version == 'unknown' || !backend.origin) {
        AssertionResult.setFailure(true)
        AssertionResult.setFailureMessage("backend ${name} is not labelled: ${backend}")
    } else {
        log.info("backend ${name}: ${backend.label}")
    }
}
