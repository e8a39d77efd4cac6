package chatlab.system.error

import org.apache.catalina.connector.ClientAbortException
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.extension.ExtendWith
import org.springframework.boot.test.system.CapturedOutput
import org.springframework.boot.test.system.OutputCaptureExtension
import org.springframework.test.web.servlet.get
import org.springframework.test.web.servlet.setup.MockMvcBuilders
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.RestController
import org.springframework.web.context.request.async.AsyncRequestNotUsableException
import java.io.IOException

@ExtendWith(OutputCaptureExtension::class)
class ClientGoneTest {
    @RestController
    class Gone {
        @GetMapping("/gone/{how}")
        fun gone(@PathVariable how: String): String = throw when (how) {
            "flush" -> AsyncRequestNotUsableException("ServletOutputStream failed to flush: java.io.IOException: Connection reset by peer")
            "abort" -> ClientAbortException(IOException("Connection reset by peer"))
            else -> IllegalStateException("a bug")
        }
    }

    private val mvc = MockMvcBuilders.standaloneSetup(Gone()).setControllerAdvice(ApiExceptionHandler()).build()

    @Test
    fun `a client that hung up gets no 500 and leaves no error in the log`(output: CapturedOutput) {
        for (how in listOf("flush", "abort")) {
            mvc.get("/gone/$how").andExpect { status { isOk() }; content { string("") } }
        }
        assertThat(output).doesNotContain("Unexpected error")
    }

    @Test
    fun `a real bug is still a 500 and an error in the log`(output: CapturedOutput) {
        mvc.get("/gone/bug").andExpect { status { isInternalServerError() }; jsonPath("$.message") { value("unexpected server error") } }
        assertThat(output).contains("Unexpected error on GET /gone/bug")
    }
}
