// A token with the lab scope, for the lab endpoints.
def enc = { byte[] bytes -> Base64.getUrlEncoder().withoutPadding().encodeToString(bytes) }
def now = (long) (System.currentTimeMillis() / 1000)
def header = enc('{"alg":"HS256","typ":"JWT"}'.getBytes('UTF-8'))
def payload = enc(('{"sub":"' + '1' + '","scope":"lab","iat":' + now + ',"exp":' + (now + 86400) + '}').getBytes('UTF-8'))
def mac = javax.crypto.Mac.getInstance('HmacSHA256')
mac.init(new javax.crypto.spec.SecretKeySpec(vars.get('jwtSecret').getBytes('UTF-8'), 'HmacSHA256'))
vars.put('token', header + '.' + payload + '.' + enc(mac.doFinal((header + '.' + payload).getBytes('UTF-8'))))
