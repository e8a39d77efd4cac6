def health = new groovy.json.JsonSlurper().parseText(prev.getResponseDataAsString())
['db', 'mongo', 'redis'].each { name ->
    def status = health.components?.get(name)?.status
    if (status != 'UP') {
        AssertionResult.setFailure(true)
        AssertionResult.setFailureMessage("${name} is ${status ?: 'missing'}")
    }
}
