package chatlab.system.error

import com.mongodb.MongoConnectionPoolClearedException
import jakarta.servlet.http.HttpServletRequest
import org.apache.catalina.connector.ClientAbortException
import org.slf4j.LoggerFactory
import org.springframework.dao.DataAccessResourceFailureException
import org.springframework.dao.QueryTimeoutException
import org.springframework.data.mongodb.UncategorizedMongoDbException
import org.springframework.http.HttpStatus
import org.springframework.http.HttpStatusCode
import org.springframework.http.ResponseEntity
import org.springframework.http.converter.HttpMessageNotReadableException
import org.springframework.transaction.CannotCreateTransactionException
import org.springframework.web.ErrorResponse
import org.springframework.web.bind.annotation.ExceptionHandler
import org.springframework.web.context.request.async.AsyncRequestNotUsableException
import org.springframework.web.bind.annotation.RestControllerAdvice
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException

/** Every HTTP error as `ApiError` JSON: 4xx for the caller's mistakes, 503 when a backend is unreachable. */
@RestControllerAdvice
class ApiExceptionHandler {

    @ExceptionHandler(ChatException::class)
    fun chat(e: ChatException, request: HttpServletRequest) = respond(e.status, e.message ?: e.status.reasonPhrase, request)

    @ExceptionHandler(MethodArgumentTypeMismatchException::class)
    fun typeMismatch(e: MethodArgumentTypeMismatchException, request: HttpServletRequest) =
        respond(HttpStatus.BAD_REQUEST, "parameter '${e.name}' has an invalid value '${e.value}'", request)

    @ExceptionHandler(HttpMessageNotReadableException::class)
    fun unreadable(e: HttpMessageNotReadableException, request: HttpServletRequest) =
        respond(HttpStatus.BAD_REQUEST, "the request body is not valid JSON for this call", request)

    @ExceptionHandler(
        DataAccessResourceFailureException::class,
        CannotCreateTransactionException::class,
        com.mongodb.MongoTimeoutException::class,
        com.mongodb.MongoSocketException::class,
    )
    fun unavailable(e: Exception, request: HttpServletRequest): ResponseEntity<ApiError> {
        poolWait(e)?.let { wait ->
            log.info("No free connection for {} {}: {}", request.method, request.requestURI, wait.message)
            return respond(HttpStatus.SERVICE_UNAVAILABLE, "every database connection stayed busy for the pool's whole wait (${wait.message}); try again", request)
        }
        log.warn("Backend unavailable for {} {}: {}", request.method, request.requestURI, e.toString())
        return respond(HttpStatus.SERVICE_UNAVAILABLE, "a backend store is unavailable, try again shortly", request)
    }

    /** The store stopped the work when the request's deadline (X-Request-Timeout, or the default) passed. */
    @ExceptionHandler(QueryTimeoutException::class, com.mongodb.MongoExecutionTimeoutException::class)
    fun deadline(e: Exception, request: HttpServletRequest): ResponseEntity<ApiError> {
        log.info("Deadline passed for {} {}: {}", request.method, request.requestURI, e.toString())
        return respond(HttpStatus.SERVICE_UNAVAILABLE, "the request's deadline passed before the store answered; the store stopped the query", request)
    }

    /** A row lock not granted within MariaDB's lock wait, or a deadlock it broke: contention, answered 503 with the cause. */
    @ExceptionHandler(org.springframework.dao.PessimisticLockingFailureException::class)
    fun lockContention(e: org.springframework.dao.PessimisticLockingFailureException, request: HttpServletRequest): ResponseEntity<ApiError> {
        log.info("Lock contention on {} {}: {}", request.method, request.requestURI, e.mostSpecificCause.toString())
        return respond(HttpStatus.SERVICE_UNAVAILABLE, "database lock not granted in time (${e.javaClass.simpleName}); try again", request)
    }

    /** Spring Data wraps some driver failures it has no category for; those that mean "MongoDB is unreachable" are 503. */
    @ExceptionHandler(UncategorizedMongoDbException::class)
    fun uncategorizedMongo(e: UncategorizedMongoDbException, request: HttpServletRequest): ResponseEntity<ApiError> =
        when (e.cause) {
            is MongoConnectionPoolClearedException, is com.mongodb.MongoSocketException -> unavailable(e, request)
            is com.mongodb.MongoExecutionTimeoutException -> deadline(e, request)
            else -> unexpected(e, request)
        }

    /**
     * The client went away before the answer was written (it gave up: a load generator's timeout, a closed tab). There is
     * nobody to answer and nothing went wrong on our side, so it is neither a 500 nor an error in the log.
     */
    @ExceptionHandler(AsyncRequestNotUsableException::class, ClientAbortException::class)
    fun clientGone(e: Exception, request: HttpServletRequest) {
        log.debug("Client gone before the answer to {} {}: {}", request.method, request.requestURI, e.toString())
    }

    /** Spring MVC's own 4xx (unknown path, wrong method, missing parameter…) keep their status; the rest is a bug. */
    @ExceptionHandler(Exception::class)
    fun unexpected(e: Exception, request: HttpServletRequest): ResponseEntity<ApiError> {
        if (e is ErrorResponse) return respond(e.statusCode, e.body.detail ?: e.message ?: "request failed", request)
        log.error("Unexpected error on {} {}", request.method, request.requestURI, e)
        return respond(HttpStatus.INTERNAL_SERVER_ERROR, "unexpected server error", request)
    }

    private fun respond(status: HttpStatusCode, message: String, request: HttpServletRequest): ResponseEntity<ApiError> {
        val resolved = HttpStatus.valueOf(status.value())
        if (resolved.is4xxClientError) log.debug("{} {} -> {}: {}", request.method, request.requestURI, status.value(), message)
        return ResponseEntity.status(status).body(ApiError.of(resolved, message, request.requestURI))
    }

    companion object {
        /**
         * HikariCP's timeout while every connection was checked out: contention, not an unreachable database. (When
         * the database is down, the same exception carries the failed connection attempt as its cause.)
         */
        fun poolWait(e: Throwable): java.sql.SQLTransientConnectionException? =
            generateSequence(e) { it.cause }.filterIsInstance<java.sql.SQLTransientConnectionException>()
                .firstOrNull { it.cause == null && "Connection is not available" in (it.message ?: "") }

        private val log = LoggerFactory.getLogger(ApiExceptionHandler::class.java)
    }
}
