package chatlab.lab

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

class PlantedSendsTest {
    /** How long [hold] took around 200 ms of work (the work being timed, not a wait for anything), and what it returned. */
    private fun held(share: Double, marked: String?): Pair<Long, String> {
        val start = System.nanoTime()
        val result = PlantedSends(LabProperties(plantedSlowdown = share)).hold(marked) { Thread.sleep(200); "stored" }
        return (System.nanoTime() - start) / 1_000_000 to result
    }

    @Test
    fun `a marked send is held back its share of its own storing time, and its result passed on`() {
        val (tookMs, result) = held(0.5, "true")
        assertThat(tookMs).isGreaterThanOrEqualTo(300) // 200 ms of work and at least half of it again
        assertThat(result).isEqualTo("stored")
    }

    @Test
    fun `an unmarked send, one marked with anything but true, or any send with nothing planted is not held`() {
        // Each would take at least 300 ms if held; together, held or not, they take 3 × 200 ms of work.
        val runs = listOf(held(0.5, null), held(0.5, "false"), held(0.0, "true"))
        assertThat(runs.map { it.second }).containsOnly("stored")
        assertThat(runs.sumOf { it.first }).isLessThan(900)
    }

    @Test
    fun `what the work throws reaches the caller unheld`() {
        val planted = PlantedSends(LabProperties(plantedSlowdown = 4.0))
        val thrown = runCatching { planted.hold("true") { throw IllegalStateException("store down") } }.exceptionOrNull()
        assertThat(thrown).isInstanceOf(IllegalStateException::class.java).hasMessage("store down")
    }
}
