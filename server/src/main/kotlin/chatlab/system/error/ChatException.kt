package chatlab.system.error

import org.springframework.http.HttpStatus

/** A failure the caller caused or must know about, with the status it maps to over HTTP and STOMP alike. */
sealed class ChatException(val status: HttpStatus, message: String) : RuntimeException(message)

class BadRequestException(message: String) : ChatException(HttpStatus.BAD_REQUEST, message)

class NotFoundException(message: String) : ChatException(HttpStatus.NOT_FOUND, message)

class ForbiddenException(message: String) : ChatException(HttpStatus.FORBIDDEN, message)

class ConflictException(message: String) : ChatException(HttpStatus.CONFLICT, message)

/** Contention that did not resolve in time (a lock not granted within its wait): 503, with the cause named. */
class BusyException(message: String) : ChatException(HttpStatus.SERVICE_UNAVAILABLE, message)

/** Something the caller waited for did not come in time (another party of a lab meeting): 408, with who was missing. */
class WaitedTooLongException(message: String) : ChatException(HttpStatus.REQUEST_TIMEOUT, message)
