// Once per thread: this virtual user's id and an HS256 token signed with the server's secret.
if (vars.get('token') == null) {
    def userId = ctx.getThreadNum() + 1
    def jwt = props.get('chatlab.jwt') ?: evaluate(new File(vars.get('scripts'), 'jwt.groovy')).tap { props.put('chatlab.jwt', it) }
    vars.put('userId', String.valueOf(userId))
    vars.put('token', jwt(vars.get('jwtSecret'), userId, null))
}
