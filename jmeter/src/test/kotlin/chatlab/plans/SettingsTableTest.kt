package chatlab.plans

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.nio.file.Path
import kotlin.io.path.readText
import kotlin.io.path.writeText

/**
 * jmeter/SETTINGS.md's settings table is made from `src/build/settings.properties`: after changing a setting, run
 * `./mvnw -pl jmeter test -Dtest=SettingsTableTest -Dchatlab.writeDocs=true` to write it again.
 */
class SettingsTableTest {
    @Test
    fun `the settings page lists every setting with its default, its thorough and test command values and what it changes`() {
        val readme = Path.of("SETTINGS.md")
        val text = readme.readText()
        val table = SettingsTable.render(
            Path.of("src/build/settings.properties"), Path.of("src/build/settings-thorough.properties"), Path.of("src/build/settings-smoke.properties"),
        )
        val begin = text.indexOf(SettingsTable.BEGIN)
        val end = text.indexOf(SettingsTable.END)
        assertThat(begin).describedAs("SETTINGS.md holds the table's markers").isNotNegative().isLessThan(end)
        val written = text.substring(begin, end + SettingsTable.END.length)
        if (written != table && System.getProperty("chatlab.writeDocs") == "true") {
            readme.writeText(text.replace(written, table))
            return
        }
        assertThat(written).isEqualTo(table)
    }
}
