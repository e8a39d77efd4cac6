package chatlab.system.stomp

import chatlab.StompFrames
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.springframework.messaging.MessageDeliveryException
import org.springframework.messaging.simp.broker.BrokerAvailabilityEvent
import org.springframework.messaging.simp.stomp.StompCommand
import org.springframework.messaging.support.ExecutorSubscribableChannel

class BrokerGateTest {
    private val availability = BrokerAvailability()
    private val gate = BrokerGate(availability)
    private val channel = ExecutorSubscribableChannel()
    private fun frame(command: StompCommand) = StompFrames.of(command, null, mutableMapOf())

    @Test
    fun `while the broker is unavailable a CONNECT is refused with the reason, and other frames pass to the relay`() {
        assertThatThrownBy { gate.preSend(frame(StompCommand.CONNECT), channel) }
            .isInstanceOf(MessageDeliveryException::class.java).hasMessageContaining("the message broker is unavailable; retry in 2 s")
        assertThat(gate.preSend(frame(StompCommand.DISCONNECT), channel)).isNotNull()
    }

    @Test
    fun `once the broker is announced available a CONNECT goes through, and is refused again when it is lost`() {
        availability.onApplicationEvent(BrokerAvailabilityEvent(true, this))
        assertThat(gate.preSend(frame(StompCommand.CONNECT), channel)).isNotNull()
        availability.onApplicationEvent(BrokerAvailabilityEvent(false, this))
        assertThatThrownBy { gate.preSend(frame(StompCommand.STOMP), channel) }.isInstanceOf(MessageDeliveryException::class.java)
    }
}
