// The plans' one HS256 token minter: a closure (secret, subject, scope) -> token valid for a day, scope null for an
// ordinary user. A script that needs a token loads it once per plan and keeps it in the property chatlab.jwt:
//   def jwt = props.get('chatlab.jwt') ?: evaluate(new File(vars.get('scripts'), 'jwt.groovy')).tap { props.put('chatlab.jwt', it) }
import javax.crypto.Mac
import javax.crypto.spec.SecretKeySpec

return { String secret, Object subject, String scope ->
    def enc = { byte[] bytes -> Base64.getUrlEncoder().withoutPadding().encodeToString(bytes) }
    def now = (long) (System.currentTimeMillis() / 1000)
    def header = enc('{"alg":"HS256","typ":"JWT"}'.getBytes('UTF-8'))
    def claims = '{"sub":"' + subject + '"' + (scope ? ',"scope":"' + scope + '"' : '') + ',"iat":' + now + ',"exp":' + (now + 86400) + '}'
    def payload = enc(claims.getBytes('UTF-8'))
    def mac = Mac.getInstance('HmacSHA256')
    mac.init(new SecretKeySpec(secret.getBytes('UTF-8'), 'HmacSHA256'))
    header + '.' + payload + '.' + enc(mac.doFinal((header + '.' + payload).getBytes('UTF-8')))
}
