// An ordinary user's token (user 1..60 of the seed, by thread), made once per thread.
if (vars.get('token') == null) {
    def user = 1 + ctx.getThreadNum() % 60
    def enc = { byte[] bytes -> Base64.getUrlEncoder().withoutPadding().encodeToString(bytes) }
    def now = (long) (System.currentTimeMillis() / 1000)
    def header = enc('{"alg":"HS256","typ":"JWT"}'.getBytes('UTF-8'))
    def payload = enc(('{"sub":"' + user + '","iat":' + now + ',"exp":' + (now + 86400) + '}').getBytes('UTF-8'))
    def mac = javax.crypto.Mac.getInstance('HmacSHA256')
    mac.init(new javax.crypto.spec.SecretKeySpec(vars.get('jwtSecret').getBytes('UTF-8'), 'HmacSHA256'))
    vars.put('token', header + '.' + payload + '.' + enc(mac.doFinal((header + '.' + payload).getBytes('UTF-8'))))
}
