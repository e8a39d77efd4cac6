// A token with the lab scope, for the lab endpoints.
def jwt = props.get('chatlab.jwt') ?: evaluate(new File(vars.get('scripts'), 'jwt.groovy')).tap { props.put('chatlab.jwt', it) }
vars.put('token', jwt(vars.get('jwtSecret'), '1', 'lab'))
