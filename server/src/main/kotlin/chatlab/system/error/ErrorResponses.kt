package chatlab.system.error

import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import org.springframework.http.HttpStatus
import org.springframework.http.MediaType
import tools.jackson.databind.ObjectMapper

/** Writes an [ApiError] body where no controller advice reaches: servlet filters and Spring Security's handlers. */
fun HttpServletResponse.writeApiError(json: ObjectMapper, request: HttpServletRequest, status: HttpStatus, message: String) {
    this.status = status.value()
    contentType = MediaType.APPLICATION_JSON_VALUE
    json.writeValue(outputStream, ApiError.of(status, message, request.requestURI))
}
