package chatlab.stack

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test

class FreePortTest {
    @Test
    fun `a port the process will bind itself, or handed out before, is skipped even when the OS offers it again`() {
        val own = 41_001
        FreePort.promise(listOf(own))
        val offers = ArrayDeque(listOf(own, 41_002, own, 41_002, 41_003))
        assertThat(FreePort.find { offers.removeFirst() }).isEqualTo(41_002)
        assertThat(FreePort.find { offers.removeFirst() }).isEqualTo(41_003)
        assertThat(offers).isEmpty()
    }

    @Test
    fun `an OS that offers only taken ports ends in a clear error, not a port in use`() {
        FreePort.promise(listOf(41_010))
        assertThatThrownBy { FreePort.find { 41_010 } }.hasMessageContaining("no free loopback port")
    }

    @Test
    fun `real ports come from the loopback's ephemeral range, each once`() {
        val ports = List(20) { FreePort.find() }
        assertThat(ports).doesNotHaveDuplicates().allSatisfy { assertThat(it).isGreaterThan(1023).isNotEqualTo(3306) }
    }
}
