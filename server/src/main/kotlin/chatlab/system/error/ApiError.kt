package chatlab.system.error

import org.springframework.http.HttpStatus

/** The JSON body of every error response: `{ "status", "error", "message", "path" }`. */
data class ApiError(val status: Int, val error: String, val message: String, val path: String? = null) {
    companion object {
        fun of(status: HttpStatus, message: String, path: String? = null) =
            ApiError(status.value(), status.reasonPhrase, message, path)
    }
}
