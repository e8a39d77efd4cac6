package chatlab.system.stomp

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.springframework.mock.env.MockEnvironment

class BrokerTest {
    @Test
    fun `the simple broker unless relay is asked for, in any case, and a clear error for anything else`() {
        assertThat(Broker.of(MockEnvironment())).isEqualTo(Broker.SIMPLE)
        assertThat(Broker.of(MockEnvironment().withProperty("chatlab.broker", ""))).isEqualTo(Broker.SIMPLE)
        assertThat(Broker.of(MockEnvironment().withProperty("chatlab.broker", " Relay "))).isEqualTo(Broker.RELAY)
        assertThatThrownBy { Broker.of(MockEnvironment().withProperty("chatlab.broker", "rabbit")) }
            .hasMessage("chatlab.broker must be 'simple' or 'relay', was 'rabbit'")
    }
}
