// Returns a closure reading the server's send-path stage totals and CPU so far (GET /api/v1/lab/send-stages, every
// instance, with a lab token): `{ vars -> [stages: [name: [count, totalMs]], cpuSeconds: [server, backends]] }`. It throws
// when the server does not answer 200 within 10 s.
import groovy.json.JsonSlurper
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.time.Duration

def client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()
return { vars ->
    def jwt = props.get('chatlab.jwt') ?: evaluate(new File(vars.get('scripts'), 'jwt.groovy')).tap { props.put('chatlab.jwt', it) }
    def answer = client.send(HttpRequest.newBuilder(URI.create('http://' + vars.get('host') + ':' + vars.get('port') + '/api/v1/lab/send-stages'))
        .header('Authorization', 'Bearer ' + jwt(vars.get('jwtSecret'), '1', 'lab')).timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString())
    if (answer.statusCode() != 200) throw new IllegalStateException('answered ' + answer.statusCode())
    new JsonSlurper().parseText(answer.body())
}
