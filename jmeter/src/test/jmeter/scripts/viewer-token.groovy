// An ordinary user's token (user 1..60 of the seed, by thread), made once per thread.
if (vars.get('token') == null) {
    def user = 1 + ctx.getThreadNum() % 60
    def jwt = props.get('chatlab.jwt') ?: evaluate(new File(vars.get('scripts'), 'jwt.groovy')).tap { props.put('chatlab.jwt', it) }
    vars.put('token', jwt(vars.get('jwtSecret'), user, null))
}
