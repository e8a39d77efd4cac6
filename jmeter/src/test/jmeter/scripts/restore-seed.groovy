// Every store back to the seed's messages (POST /api/v1/lab/seed/restore): what the units before sent is deleted, so
// no unit reads or writes a store an earlier unit grew. Returns a closure (lab token, the caller's JMeter variables)
// -> the server's answer (removed and held messages per store, the rooms touched), or null when the plan does not
// bind restoreSeed=true; it throws naming the status the server answered. The drains call it before they wait for an idle server, the cache fill before it fills.
import groovy.json.JsonSlurper
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.time.Duration

def client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()
return { String token, variables ->
    if (variables.get('restoreSeed') != 'true') return null
    def uri = URI.create('http://' + variables.get('host') + ':' + variables.get('port') + '/api/v1/lab/seed/restore')
    def timeout = Duration.ofSeconds(Long.parseLong(variables.get('drainTimeout') ?: '120'))
    def request = HttpRequest.newBuilder(uri).header('Authorization', 'Bearer ' + token).timeout(timeout).POST(HttpRequest.BodyPublishers.noBody()).build()
    def response = client.send(request, HttpResponse.BodyHandlers.ofString())
    if (response.statusCode() != 200) throw new IllegalStateException('the seed restore answered ' + response.statusCode() + ': ' + response.body())
    new JsonSlurper().parseText(response.body())
}
