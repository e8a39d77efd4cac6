package chatlab.stack

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

class SharedStackTest {
    @Test
    fun `the shared file says where the broker listens but leaves the choice of broker to each instance`() {
        val written = sharedProperties(mapOf("chatlab.relay.host" to "127.0.0.1", "chatlab.relay.port" to 61_613, "spring.data.redis.url" to "redis://127.0.0.1:6390"))

        assertThat(written.stringPropertyNames()).containsExactlyInAnyOrder(
            "chatlab.relay.host", "chatlab.relay.port", "spring.data.redis.url", "chatlab.stack.mode")
        assertThat(written.getProperty("chatlab.relay.port")).isEqualTo("61613")
        assertThat(written.getProperty("chatlab.stack.mode")).isEqualTo("external")
        assertThat(written.getProperty("chatlab.broker")).isNull()
    }
}
