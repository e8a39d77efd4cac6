package chatlab.system.cpu

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test

class CpuAffinityTest {
    @Test
    fun `this process's allowed CPUs are read from the operating system`() {
        assertThat(CpuAffinity.allowed()).matches("[0-9]+([-,][0-9]+)*")
    }

    @Test
    fun `a process pinned to one CPU is allowed only that CPU`() {
        val child = ProcessBuilder("sleep", "30").start()
        try {
            assertThat(CpuAffinity.allowed(child.pid())).isEqualTo(CpuAffinity.allowed())
            CpuAffinity.pin("0", child.pid())
            assertThat(CpuAffinity.allowed(child.pid())).isEqualTo("0")
        } finally {
            child.destroy()
        }
    }

    @Test
    fun `a CPU list that is not one is refused before taskset runs`() {
        assertThatThrownBy { CpuAffinity.pin("all") }.hasMessageContaining("a CPU list such as 1 or 0,2-3")
        assertThatThrownBy { CpuAffinity.pin("0; rm -rf /") }.isInstanceOf(IllegalArgumentException::class.java)
    }
}
