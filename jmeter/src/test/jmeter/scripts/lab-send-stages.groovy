// Returns a closure reading the server's send-path stage totals and CPU so far (GET /api/v1/lab/send-stages, every
// instance, with a lab token): `{ vars -> [stages: [name: [count, totalMs]], cpuSeconds: [server, backends]] }`. It throws
// when the server does not answer 200 within 10 s.
import java.time.Duration

def lab = props.get('chatlab.labRequest') ?: evaluate(new File(vars.get('scripts'), 'lab-request.groovy')).tap { props.put('chatlab.labRequest', it) }
return { variables ->
    def jwt = props.get('chatlab.jwt') ?: evaluate(new File(variables.get('scripts'), 'jwt.groovy')).tap { props.put('chatlab.jwt', it) }
    lab('GET', '/api/v1/lab/send-stages', jwt(variables.get('jwtSecret'), '1', 'lab'), variables, Duration.ofSeconds(10))
}
