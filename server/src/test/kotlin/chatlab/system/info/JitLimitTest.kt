package chatlab.system.info

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

class JitLimitTest {
    @Test
    fun `a tier below the optimising compiler, or the interpreter alone, is reported`() {
        assertThat(BackendsInfoContributor.jitLimit(listOf("-Xmx2g", "-XX:TieredStopAtLevel=1"))).isEqualTo("-XX:TieredStopAtLevel=1")
        assertThat(BackendsInfoContributor.jitLimit(listOf("-Xint"))).isEqualTo("-Xint")
    }

    @Test
    fun `the default JIT, or the last of several options restoring it, is not`() {
        assertThat(BackendsInfoContributor.jitLimit(listOf("-Xms4g", "-Xmx6g"))).isNull()
        assertThat(BackendsInfoContributor.jitLimit(listOf("-XX:TieredStopAtLevel=1", "-XX:TieredStopAtLevel=4"))).isNull()
        assertThat(BackendsInfoContributor.jitLimit(listOf("-XX:-TieredCompilation"))).isNull()
    }
}
