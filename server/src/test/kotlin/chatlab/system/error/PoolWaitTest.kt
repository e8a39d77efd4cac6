package chatlab.system.error

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.http.HttpStatus
import org.springframework.mock.web.MockHttpServletRequest
import org.springframework.transaction.CannotCreateTransactionException
import java.net.ConnectException
import java.sql.SQLTransientConnectionException

class PoolWaitTest {
    private val handler = ApiExceptionHandler()
    private val request = MockHttpServletRequest("POST", "/api/v1/chat-rooms/1000001/enter")

    @Test
    fun `a pool whose connections all stayed busy is answered as contention, not as a store that is down`() {
        val busy = SQLTransientConnectionException("HikariPool-1 - Connection is not available, request timed out after 3000ms (total=40, active=40, idle=0, waiting=129)")
        val answer = handler.unavailable(CannotCreateTransactionException("Could not open JPA EntityManager for transaction", busy), request)
        assertThat(answer.statusCode).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE)
        assertThat(answer.body!!.message).startsWith("every database connection stayed busy").contains("active=40")
    }

    @Test
    fun `a pool that cannot reach its database is still a store that is unavailable`() {
        val down = SQLTransientConnectionException("HikariPool-1 - Connection is not available, request timed out after 3000ms", ConnectException("Connection refused"))
        val answer = handler.unavailable(CannotCreateTransactionException("Could not open JPA EntityManager for transaction", down), request)
        assertThat(answer.statusCode).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE)
        assertThat(answer.body!!.message).isEqualTo("a backend store is unavailable, try again shortly")
    }
}
