// The next user to enter a fan-out room, with its own token (fanout-members.groovy made the list).
def (room, user) = vars.getObject('pending').poll()
def jwt = props.get('chatlab.jwt') ?: evaluate(new File(vars.get('scripts'), 'jwt.groovy')).tap { props.put('chatlab.jwt', it) }
vars.put('roomId', String.valueOf(room))
vars.put('token', jwt(vars.get('jwtSecret'), user, null))
