// The cache's state for the history units on mongo-redis (parameters: `empty <path>` or `fill <path>`, the unit's path).
// `empty`: every round starts with an empty cache wherever a cold mongo-redis unit runs in it, so its misses go to
// MongoDB as in the first round. `fill`: the warm ladder's rooms (1..rooms) are put in Redis whole before it and
// before the duet, so every page they ask for is a hit (a room the cache already holds whole is left as it is). Only
// when the unit runs this round, and only on the first engine (Redis is shared; the engines meet in the drain that
// follows).
import groovy.json.JsonSlurper
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.time.Duration

def (action, path) = [args[0], args[1..-1].join(' ')]
def engine = props.get('chatlab.engine')
def shapes = action == 'fill' ? ['capacity', 'duet'] : ['reference', 'capacity', 'mix']
if (!shapes.any { props.get('chatlab.on')(path, it) } || (engine?.index ?: 0) != 0) {
    SampleResult.setIgnore()
    return
}
SampleResult.setSampleLabel(action == 'fill' ? 'fill the cache [' + path + ']' : 'empty the cache [' + path + ']')
def token = props.get('chatlab.labToken')
if (token == null) {
    def jwt = props.get('chatlab.jwt') ?: evaluate(new File(vars.get('scripts'), 'jwt.groovy')).tap { props.put('chatlab.jwt', it) }
    token = jwt(vars.get('jwtSecret'), '1', 'lab')
    props.put('chatlab.labToken', token)
}
// The fill goes on the seed's messages: a restore after it (the drain's) would take the rooms it touched out of the cache.
def restore = props.get('chatlab.restoreSeed') ?: evaluate(new File(vars.get('scripts'), 'restore-seed.groovy')).tap { props.put('chatlab.restoreSeed', it) }
if (action == 'fill') restore(token, vars)
def base = 'http://' + vars.get('host') + ':' + vars.get('port') + '/api/v1/lab/cache'
def request = HttpRequest.newBuilder(URI.create(action == 'fill' ? base + '/rooms?from=1&to=' + vars.get('rooms') : base))
    .header('Authorization', 'Bearer ' + token).timeout(Duration.ofSeconds(Long.parseLong(vars.get('drainTimeout'))))
request = (action == 'fill' ? request.PUT(HttpRequest.BodyPublishers.noBody()) : request.DELETE()).build()
SampleResult.sampleStart()
def response = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build().send(request, HttpResponse.BodyHandlers.ofString())
SampleResult.sampleEnd()
def body = response.body()
SampleResult.setResponseCode(String.valueOf(response.statusCode()))
SampleResult.setResponseData(body, 'UTF-8')
if (response.statusCode() != 200) {
    SampleResult.setSuccessful(false)
    SampleResult.setResponseMessage('the lab cache endpoint answered ' + response.statusCode() + ': ' + body)
    return
}
def answer = new JsonSlurper().parseText(body)
if (action == 'fill' && !answer.notFilled.isEmpty()) {
    SampleResult.setSuccessful(false)
    SampleResult.setResponseMessage('rooms ' + answer.notFilled + ' were not filled (Redis failed, or a message was written meanwhile): the warm ladder would miss')
    return
}
SampleResult.setResponseMessage(action == 'fill' ? 'filled ' + answer.filled + ' rooms (' + answer.messages + ' messages, ' + answer.millis +
    ' ms), ' + answer.alreadyHeld + ' already held whole' + (answer.newestOnly ? ', newest only: ' + answer.newestOnly : '') : 'removed ' + answer.keysRemoved + ' keys')
