package chatlab.report.method

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path

class KeptRatioTest {
    @Test
    fun `ratios are kept beside a run's summary and read back as they were, intervals missing or not`(@TempDir run: Path) {
        val ratios = listOf(
            KeptRatio("history", false, "get chat messages avg", "mysql-offset", "mysql-keyset", 2.125, 1.9, 2.31, 12),
            KeptRatio("pool", true, "read avg", "10 again", "10", 1.0417, null, null, 3),
            KeptRatio("sends", false, "a, \"quoted\" figure", "sqlite", "mysql", 0.62, 0.54, 0.73, 12),
        )
        Files.writeString(run.resolve(KeptRatio.FILE), KeptRatio.render(ratios))
        assertThat(KeptRatio.read(run.resolve("summary.csv"))).isEqualTo(ratios)
    }

    @Test
    fun `a run that kept no ratios, or kept them in another shape, gives none`(@TempDir run: Path) {
        assertThat(KeptRatio.read(run.resolve("summary.csv"))).isEmpty()
        Files.writeString(run.resolve(KeptRatio.FILE), "experiment,figure\nsends,send avg\n")
        assertThat(KeptRatio.read(run.resolve("summary.csv"))).isEmpty()
    }

    @Test
    fun `turned over, a ratio puts the other contender on top with its estimate and interval inverted`() {
        val r = KeptRatio("sends", false, "send avg", "mysql", "sqlite", 2.0, 1.6, 2.5, 12)
        assertThat(r.over("mysql")).isSameAs(r)
        val turned = r.over("sqlite")
        assertThat(listOf(turned.a, turned.b)).containsExactly("sqlite", "mysql")
        assertThat(listOf(turned.estimate, turned.low, turned.high)).containsExactly(0.5, 0.4, 0.625)
        assertThat(turned.key).isEqualTo(r.key)
        assertThat(turned.call).isEqualTo(PairedRatio.Call.B_MORE)
    }
}
