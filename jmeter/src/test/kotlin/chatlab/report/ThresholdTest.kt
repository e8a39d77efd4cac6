package chatlab.report

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.time.Instant

class ThresholdTest {
    private val label = "get chat messages [mysql-keyset] mix newest"
    private val smoke = Path.of(javaClass.getResource("/fixtures/smoke")!!.toURI())

    private fun generate(out: Path, gates: String) = Report.generate(
        ReportInputs(smoke.resolve("results"), out, mapOf("jmeter" to "5.6.3"), 0.0, thresholds = Threshold.parseAll(gates)),
        Instant.parse("2026-11-21T12:00:00Z"),
    )

    @Test
    fun `gates are read as figure, label, operator and limit, separated by semicolons or lines`() {
        val gates = Threshold.parseAll("p95($label) < 20; avg(send-to-delivery [mysql] reference)<=7.5\nerror%(x [y] z) >= 0")
        assertThat(gates).containsExactly(
            Threshold("p95", label, "<", 20.0),
            Threshold("avg", "send-to-delivery [mysql] reference", "<=", 7.5),
            Threshold("error%", "x [y] z", ">=", 0.0),
        )
        assertThat(Threshold.parseAll("  ")).isEmpty()
        assertThat(Threshold.parseAll(null)).isEmpty()
    }

    @Test
    fun `a malformed gate is refused with the form it should have`() {
        assertThatThrownBy { Threshold.parse("p95 get chat messages < 20") }.hasMessageContaining("figure(label) < number")
        assertThatThrownBy { Threshold.parse("p42($label) < 20") }.hasMessageContaining("figure must be one of")
        assertThatThrownBy { Threshold.parse("p95($label) < fast") }.hasMessageContaining("figure(label) < number")
    }

    @Test
    fun `a gate that must fail fails the run and names the label, the figure and the limit`(@TempDir out: Path) {
        val outcome = generate(out, "p95($label) < 0.001")
        assertThat(outcome.passed).isFalse()
        val result = outcome.gates.single()
        assertThat(result.passed).isFalse()
        assertThat(result.value).isGreaterThan(0.001)
        assertThat(outcome.verdict).startsWith("FAILED: 1 of 1 latency gates did not hold")
            .contains("p95($label) = ").contains(" ms, limit < 0.001: FAILED")
        assertThat(Files.readString(out.resolve("index.html"))).contains("class=\"verdict bad\"").contains("limit &lt; 0.001")
    }

    @Test
    fun `gates that hold keep the run passing, and a gate on a label the run lacks fails it`(@TempDir out: Path) {
        val held = generate(out, "p95($label) < 60000; error%($label) <= 0; tps($label) > 0")
        assertThat(held.gates).hasSize(3).allMatch { it.passed }
        assertThat(held.passed).isTrue()
        val missing = generate(out, "p95(get chat messages [oracle] mix newest) < 20")
        assertThat(missing.passed).isFalse()
        assertThat(missing.gates.single().message).contains("no sample in this run is labelled 'get chat messages [oracle] mix newest'").contains("-Dchatlab.gates=")
    }
}
