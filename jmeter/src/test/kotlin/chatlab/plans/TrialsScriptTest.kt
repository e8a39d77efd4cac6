package chatlab.plans

import groovy.lang.Binding
import groovy.lang.Closure
import groovy.lang.GroovyShell
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test

/** The blocks of trials a plan runs in a round (`scripts/trials.groovy`). */
class TrialsScriptTest {
    @Suppress("UNCHECKED_CAST")
    private val trials = GroovyShell(Binding()).evaluate(planScripts.resolve("trials.groovy").toFile()) as Closure<List<Map<String, Any>>>

    private fun of(contenders: List<String>, control: String, blocks: Int, seed: Long = 7, round: Int = 1, planted: Boolean = false, duet: Boolean = false) =
        trials.call(contenders, control, blocks, seed, round, planted, duet)

    @Test
    fun `every block runs every contender and the control's twin once, blocks numbered through the run`() {
        val round2 = of(listOf("2", "8", "10"), "10", blocks = 3, round = 2)
        assertThat(round2.map { it["block"] }).containsExactly(4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6)
        round2.groupBy { it["block"] }.values.forEach { block ->
            assertThat(block.map { it["contender"] }).containsExactlyInAnyOrder("2", "8", "10", "10 again")
        }
        assertThat(round2.filter { it["twin"] == true }.map { it["contender"] }).containsOnly("10 again")
        assertThat(round2.first()["trial"]).isEqualTo("${round2.first()["contender"]} block 4")
        assertThat(of(listOf("2", "8"), "", blocks = 1).map { it["contender"] }).containsExactlyInAnyOrder("2", "8")
    }

    @Test
    fun `the order is shuffled per block, the same for the same seed, and no contender keeps one place`() {
        val run = (1..3).flatMap { of(listOf("a", "b", "c", "d", "e"), "a", blocks = 4, round = it) }
        assertThat((1..3).flatMap { of(listOf("a", "b", "c", "d", "e"), "a", blocks = 4, round = it) }).isEqualTo(run)
        val orders = run.groupBy { it["block"] }.values.map { block -> block.map { it["contender"] } }
        assertThat(orders.distinct().size).isGreaterThan(6)
        assertThat(listOf("a", "b", "c", "d", "e", "a again")).allSatisfy { name -> assertThat(orders.map { it.indexOf(name) }.distinct().size).isGreaterThan(2) }
        assertThat(of(listOf("a", "b", "c", "d", "e"), "a", blocks = 4, seed = 8).map { it["contender"] }).isNotEqualTo(run.take(24).map { it["contender"] })
    }

    @Test
    fun `only the twin carries the planted difference, and only in a planted run`() {
        assertThat(of(listOf("2", "10"), "10", blocks = 2, planted = true).filter { it["planted"] == true }.map { it["contender"] }).containsOnly("10 again").hasSize(2)
        assertThat(of(listOf("2", "10"), "10", blocks = 2).none { it["planted"] == true }).isTrue()
    }

    @Test
    fun `as a duet the twin shares its original's trial instead of running one of its own`() {
        val duet = of(listOf("2", "8", "10"), "10", blocks = 2, planted = true, duet = true)
        assertThat(duet.map { it["contender"] }).containsOnly("2", "8", "10").hasSize(6)
        assertThat(duet.filter { it["duet"] == true }.map { it["contender"] }).containsExactly("10", "10")
        assertThat(duet.filter { it["planted"] == true }).isEqualTo(duet.filter { it["duet"] == true })
        assertThat(duet.none { it["twin"] == true }).isTrue()
    }

    @Test
    fun `a control that is not a contender, contenders named twice and no blocks are refused by what is wrong`() {
        assertThatThrownBy { of(listOf("2", "8"), "10", blocks = 1) }.hasMessageContaining("the A/A control 10 is not one of")
        assertThatThrownBy { of(listOf("2", "2"), "", blocks = 1) }.hasMessageContaining("distinct")
        assertThatThrownBy { of(listOf("2"), "", blocks = 0) }.hasMessageContaining("blocks must be at least 1")
    }
}
