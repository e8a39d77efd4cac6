package chatlab.auth

/** Who the bearer token says the caller is: the answer of `GET /api/v1/me`. */
data class Me(val userId: Long)
