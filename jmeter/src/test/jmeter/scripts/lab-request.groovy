// Returns a closure that asks the server's lab API: (method, path, lab token, the caller's JMeter variables, timeout)
// -> the answer's JSON, parsed. It throws naming the status when the server answers anything but 200. The seed restore
// (restore-seed.groovy) and the send-path stages (lab-send-stages.groovy) go through it.
import groovy.json.JsonSlurper
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.time.Duration

def client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()
return { String method, String path, String token, variables, Duration timeout ->
    def uri = URI.create('http://' + variables.get('host') + ':' + variables.get('port') + path)
    def request = HttpRequest.newBuilder(uri).header('Authorization', 'Bearer ' + token).timeout(timeout)
        .method(method, HttpRequest.BodyPublishers.noBody()).build()
    def response = client.send(request, HttpResponse.BodyHandlers.ofString())
    if (response.statusCode() != 200) throw new IllegalStateException('answered ' + response.statusCode() + ': ' + response.body().take(300))
    new JsonSlurper().parseText(response.body())
}
