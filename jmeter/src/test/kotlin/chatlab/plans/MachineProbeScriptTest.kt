package chatlab.plans

import groovy.lang.Binding
import groovy.lang.Closure
import groovy.lang.GroovyShell
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.nio.file.Path

/** The fixed piece of CPU work the drain steps time (`scripts/machine-probe.groovy`) on JMeter's Groovy. */
class MachineProbeScriptTest {
    private val probe = GroovyShell(Binding()).evaluate(Path.of("src/test/jmeter/scripts/machine-probe.groovy").toFile()) as Closure<*>

    @Test
    fun `the probe times the same work on every call and gives its median pass in ms`() {
        val first = probe.call(3) as Map<*, *>
        val second = probe.call(1) as Map<*, *>
        assertThat(first["checksum"]).isEqualTo(second["checksum"]).isNotEqualTo(0L)
        assertThat(listOf(first["ms"], second["ms"])).allSatisfy { assertThat(it as Double).isPositive().isFinite() }
        val fresh = GroovyShell(Binding()).evaluate(Path.of("src/test/jmeter/scripts/machine-probe.groovy").toFile()) as Closure<*>
        assertThat((fresh.call(1) as Map<*, *>)["checksum"]).isEqualTo(first["checksum"])
    }
}
