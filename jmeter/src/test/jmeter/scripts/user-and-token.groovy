// Once per thread: this virtual user's id and an HS256 token signed with the server's secret.
if (vars.get('token') == null) {
    def userId = ctx.getThreadNum() + 1
    def enc = { byte[] bytes -> Base64.getUrlEncoder().withoutPadding().encodeToString(bytes) }
    def now = (long) (System.currentTimeMillis() / 1000)
    def header = enc('{"alg":"HS256","typ":"JWT"}'.getBytes('UTF-8'))
    def payload = enc(('{"sub":"' + userId + '","iat":' + now + ',"exp":' + (now + 86400) + '}').getBytes('UTF-8'))
    def mac = javax.crypto.Mac.getInstance('HmacSHA256')
    mac.init(new javax.crypto.spec.SecretKeySpec(vars.get('jwtSecret').getBytes('UTF-8'), 'HmacSHA256'))
    vars.put('userId', String.valueOf(userId))
    vars.put('token', header + '.' + payload + '.' + enc(mac.doFinal((header + '.' + payload).getBytes('UTF-8'))))
}
